// Small DOM helpers shared by the pages: elements, tiles, messages, the marks' classes.
export const MARK_CLASS = { G: "mark-right", Y: "mark-elsewhere", ".": "mark-absent" };
export const MARK_NAME = { G: "right place", Y: "elsewhere", ".": "absent" };
export const NEXT_MARK = { ".": "Y", Y: "G", G: "." };

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function $(selector, root = document) { return root.querySelector(selector); }

// Split a displayed word into its letters (accented letters stay whole).
export function letters(word) { return Array.from(word.normalize("NFC")); }

// One read-only tile per letter, coloured by its mark (G, Y or .).
export function tileRow(word, marks, small = false) {
  const row = el("div", { class: "row", role: "img", "aria-label": describe(word, marks) });
  letters(word).forEach((letter, i) => {
    const mark = marks ? marks[i] : null;
    row.append(el("span", { class: `tile${small ? " small" : ""} ${mark ? MARK_CLASS[mark] : ""}`, text: letter }));
  });
  return row;
}

// A played turn: its coloured tiles, or (a game without per-letter marks) the word and a reply chip.
export function turnRow(turn) {
  return turn.marks ? tileRow(turn.guess, turn.marks)
    : el("div", { class: "row" }, tileRow(turn.guess, null), el("span", { class: "reply-chip", text: turn.reply }));
}

// Editable tiles of `word`: each a button cycling its mark in `marks` (changed in place) through
// grey → yellow → green; `label` starts each tile's spoken name, `attributes(i)` adds attributes.
export function markTiles(word, marks, label, attributes = () => ({})) {
  return letters(word).map((letter, i) => {
    marks[i] = marks[i] || ".";
    const tile = el("button", { type: "button", ...attributes(i), text: letter });
    const paint = () => {
      tile.className = `tile ${MARK_CLASS[marks[i]]}`;
      tile.setAttribute("aria-label", `${label}letter ${i + 1}, ${letter}: ${MARK_NAME[marks[i]]}. Activate to change.`);
    };
    tile.addEventListener("click", () => { marks[i] = NEXT_MARK[marks[i]]; paint(); });
    paint();
    return tile;
  });
}

// Put `text` on the clipboard; where the page has no clipboard (plain HTTP to a LAN address),
// select it in `node` so Ctrl-C copies it, and say so in `message`.
// A short note that comes and goes at the foot of the screen (the page's own message stays).
let toastTimer = null;
export function toast(text, seconds = 3) {
  let node = document.getElementById("toast");
  if (!node) {
    node = el("div", { id: "toast", class: "toast", role: "status", "aria-live": "polite" });
    document.body.append(node);
  }
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, seconds * 1000);
}

// Copy the share text; say so in a toast, so the game's own message (the word) stays.
export async function copyText(text, node) {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    toast("The share text is on the clipboard");
  } catch {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    toast("The clipboard is not available here: the share text is selected, press Ctrl-C (⌘-C on a Mac) to copy it", 6);
  }
}

export function describe(word, marks) {
  if (!marks) return word;
  return `${word}: ` + letters(word).map((l, i) => `${l} ${MARK_NAME[marks[i]]}`).join(", ");
}

// Whether the player is typing in this element (a text field, not a box to tick): focus moved
// by the page's own doing should not leave it.
export function typingIn(element) {
  return Boolean(element?.matches?.("textarea, input:not([type=checkbox]):not([type=radio])"));
}

export function say(node, text, error = false) {
  node.textContent = text || "";
  node.classList.toggle("error", Boolean(error));
}

// Today's date on this computer (or `now`'s), as YYYY-MM-DD: the player's day.
export function today(now = new Date()) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

export function load(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
}

// What the assistant says when no win is shown within the guesses left (`win_guarantee`).
export function outlook(winGuarantee) {
  return winGuarantee === "impossible" ? "No strategy can guarantee a win from here: playing for the likeliest win" :
    winGuarantee === "unknown" ? "No win within the guesses left can be shown from here: playing for the likeliest win" : "";
}

export function percent(p) {
  return p >= 0.995 ? "100%" : p >= 0.001 ? `${(100 * p).toFixed(1)}%` : p > 0 ? "<0.1%" : "0%";
}

// An assistant's "Words in no list" field (`input`): `apply()` takes the words typed there as
// the game's (`set`) and asks again (`ask`, resolving to whether the answer was taken); refused,
// the words before stay (`get`) and the field is marked, described by `message` (an element with
// an id) that tells why, its text kept to mend. `clear()` empties it (another game).
export function wordsInNoList(input, message, get, set, ask) {
  const mark = (refused) => {
    if (refused) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", message.id);
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  };
  return {
    apply() {
      const before = get();
      set(input.value.split(/[\s,;]+/).map((w) => w.trim().toLowerCase()).filter(Boolean));
      ask().then((ok) => {
        if (!ok) set(before);
        mark(!ok && message.textContent.startsWith("the words in no list"));
      });
    },
    clear() {
      set([]);
      input.value = "";
      mark(false);
    },
  };
}

// The colour-blind palette (main.js switches it): orange for the right place, blue for elsewhere.
export function colourBlind() { return document.body.classList.contains("colour-blind"); }

// The colours' names in the palette shown: grey → yellow → green, or grey → blue → orange.
export function markColours() {
  return colourBlind() ? { right: "orange", elsewhere: "blue" } : { right: "green", elsewhere: "yellow" };
}

// A share text in the palette shown: 🟧 and 🟦 for 🟩 and 🟨 in the colour-blind one (as the NYT's).
export function inPalette(share) {
  return colourBlind() ? share.replaceAll("🟩", "🟧").replaceAll("🟨", "🟦") : share;
}

// Ask a question in `box` (a .confirm: its .question, its .yes and .no buttons) before acting for
// the player: `yes.run()` or `no.run()` on the answer, each button named by its `label`.
export function askFirst(box, question, yes, no) {
  $(".question", box).textContent = question;
  const [accept, refuse] = [$(".yes", box), $(".no", box)];
  accept.textContent = yes.label;
  refuse.textContent = no.label;
  accept.onclick = () => { box.hidden = true; yes.run(); };
  refuse.onclick = () => { box.hidden = true; no.run(); };
  box.hidden = false;
  accept.focus();
}

// When the answer's `notices` say the turn just added (`next` is one turn longer than `turns`)
// was taken as a word in no list (a typo, most likely), ask the player in `box` whether it was
// played: `retry()` if it was, back to the guess's `input` if not. Return whether it asked.
export function askIfUnlisted(turns, next, notices, { box, message, input, retry }) {
  if (next.length <= turns.length) return false;
  const guess = next.at(-1).guess.toLowerCase();
  if (!(notices || []).some((n) => n.toLowerCase().startsWith(`${guess} is in no list`) && n.includes("taken as played"))) return false;
  say(message, "");
  askFirst(box, `${guess.toUpperCase()} is not in any list: use it anyway?`,
    { label: "Use it", run: retry }, { label: "Change the guess", run: () => input.focus() });
  return true;
}
