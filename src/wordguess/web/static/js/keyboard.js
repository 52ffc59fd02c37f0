// The on-screen keyboard: keys coloured by their best mark (one colour per board on a
// multi-board game of up to 8 boards; beyond, the best mark and a count of boards), Enter and
// Backspace; `onKey` receives "enter", "back" or a symbol.
import { el, MARK_CLASS, MARK_NAME } from "./dom.js";

const QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

// The rows the server gives (the language's keyboard), else QWERTY when it holds the alphabet,
// else the alphabet in one row.
function keyRows(alphabet, rows) {
  for (const layout of [rows, QWERTY]) {
    if (layout && [...alphabet].every((c) => layout.join("").includes(c))) return [...layout];
  }
  return [alphabet];
}

const RANK = { ".": 0, Y: 1, G: 2 };
const ROOM = 7;  // symbols a row can take beside Enter and Backspace

// More than 8 boards (Sedecordle, Duotrigordle) leave no room for a cell per board: the key takes
// the best mark over the unsolved boards (green: placed on one of them) and, once played, shows
// how many unsolved boards hold the letter (0: grey, gone everywhere that is left).
function markMany(key, letter, open) {
  const marks = open.map((s) => s[letter]).filter(Boolean);
  if (!marks.length) return;
  const best = marks.reduce((a, m) => (RANK[m] > RANK[a] ? m : a));
  const holding = marks.filter((m) => m !== ".").length;
  key.classList.add(MARK_CLASS[best]);
  key.append(el("span", { class: "count", "aria-hidden": "true", text: String(holding) }));
  key.setAttribute("aria-label", `${letter}: in ${holding} of ${open.length} unsolved boards` +
    (best === "G" ? ", in place on some" : ""));
}

// states: one {letter: mark} per board (a single board: a list of one); solved: boards done.
export function drawKeyboard(box, alphabet, states, onKey, solved = [], layout = null) {
  box.replaceChildren();
  const rows = keyRows(alphabet, layout);
  // Enter and Backspace flank the last row when it leaves them room (QWERTY's seven letters, Nerdle's
  // operators), else they take a row of their own, so no key is narrower than a finger on a phone.
  if ([...rows.at(-1)].length > ROOM) rows.push("");
  rows.forEach((row, r) => {
    const keys = el("div", { class: "keys" });
    if (r === rows.length - 1) keys.append(el("button", { type: "button", class: "key wide", "data-key": "enter", text: "Enter", onclick: () => onKey("enter") }));
    for (const letter of row) {
      const key = el("button", { type: "button", class: "key", "data-key": letter, "aria-label": letter, onclick: () => onKey(letter) });
      if (states.length === 1) {
        const mark = states[0][letter];
        if (mark) { key.classList.add(MARK_CLASS[mark]); key.setAttribute("aria-label", `${letter} ${MARK_NAME[mark]}`); }
      } else if (states.length <= 8) {
        const quads = el("span", { class: `quads${states.length > 4 ? " n8" : ""}`, "aria-hidden": "true" });
        states.forEach((s, b) => quads.append(el("span", { class: solved[b] ? "" : (MARK_CLASS[s[letter]] || "") })));
        key.append(quads);
      } else markMany(key, letter, states.filter((_, b) => !solved[b]));
      key.append(el("span", { class: "label", text: letter }));
      keys.append(key);
    }
    if (r === rows.length - 1) keys.append(el("button", { type: "button", class: "key wide", "data-key": "back", "aria-label": "Backspace", text: "⌫", onclick: () => onKey("back") }));
    box.append(keys);
  });
}

// Physical keys, while `active()` and no form field has the focus. Enter submits the guess, also
// when an on-screen key has the focus (it was just clicked); on another button it presses it.
export function listenToKeys(active, alphabet, onKey) {
  document.addEventListener("keydown", (event) => {
    if (!active() || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target.closest ? event.target : document.body;
    if (target.closest("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    // An accented key that is no letter of the alphabet types its base letter (á is a in Spanish).
    const base = key.normalize("NFD").replace(/\p{M}/gu, "");
    const letter = alphabet().includes(key) ? key : (base.length === 1 && alphabet().includes(base) ? base : null);
    if (key === "enter") { if (target.closest("button:not(.key)")) return; onKey("enter"); }
    else if (key === "backspace") onKey("back");
    else if (key.length === 1 && letter) onKey(letter);
    else return;
    event.preventDefault();
  });
}
