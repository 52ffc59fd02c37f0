// The multi-board page (Quordle and friends): a game hosted here (boards side by side, a key
// coloured per board), and the assistant for a game played elsewhere.
import { call } from "./api.js";
import { $, el, letters, MARK_CLASS, MARK_NAME, NEXT_MARK, percent, say, tileRow } from "./dom.js";
import { drawKeyboard, listenToKeys } from "./keyboard.js";

const STORE = "wordguess-boards";
let game = null;   // the hosted game
let typed = "";
let turns = [];    // the assistant's turns: {guess, reply}
let advice = null; // the assistant's last answer
let boardMarks = [];
let asked = 0, advised = 0; // the latest requests: older answers arriving later are dropped

const form = () => $("#boards-setting");

function drawGame() {
  const grid = $("#boards-grid");
  grid.replaceChildren();
  if (!game) return;
  for (let b = 0; b < game.boards; b++) {
    const card = el("div", { class: `board${game.solved[b] ? " solved" : ""}`, "aria-label": `board ${b + 1}` },
      el("h4", { text: `#${b + 1}${game.solved[b] ? " ✓" : ""}` }));
    for (const turn of game.turns) if (turn.marks[b]) card.append(tileRow(turn.guess, turn.marks[b]));
    if (!game.solved[b] && !game.over) {
      const row = el("div", { class: "row current" });
      const chars = letters(typed);
      for (let i = 0; i < game.length; i++) row.append(el("span", { class: "tile", text: chars[i] || "" }));
      card.append(row);
    }
    grid.append(card);
  }
  drawKeyboard($("#boards-keyboard"), game.alphabet, game.keyboards, key, game.solved);
  $("#boards-status").textContent = `${game.game}: ${game.boards} boards, guess ${Math.min(game.turns.length + 1, game.max_guesses)} of ${game.max_guesses}`;
  $("#boards-share").hidden = !game.over;
  $("#boards-give-up").hidden = game.over;
  if (game.over) {
    $("#boards-share-text").textContent = game.share;
    say($("#boards-message"), game.won ? `All boards solved in ${game.turns.length}!` : `The words were ${game.secrets.join(", ")}`);
  }
  document.body.dataset.boardsOver = String(game.over);
}

async function newGame(event) {
  event?.preventDefault();
  const f = form();
  const mine = ++asked;
  try {
    const started = await call("/api/boards/play/new", { game: f.elements.game.value, world: f.elements.world.value, host: f.elements.host.value });
    if (mine !== asked) return;
    game = started;
    document.body.dataset.boardsGames = String(mine);
    typed = "";
    localStorage.setItem(STORE, JSON.stringify(game));
    say($("#boards-message"), "");
    drawGame();
  } catch (error) { say($("#boards-message"), error.message, true); }
}

async function key(k) {
  if (!game || game.over) return;
  if (k === "enter") {
    if (!typed) return;
    try {
      game = await call("/api/boards/play/guess", { token: game.token, guess: typed });
      typed = "";
      say($("#boards-message"), "");
      localStorage.setItem(STORE, JSON.stringify(game));
    } catch (error) { say($("#boards-message"), error.message, true); }
  } else if (k === "back") typed = letters(typed).slice(0, -1).join("");
  else if (letters(typed).length < game.length) typed += k;
  drawGame();
}

async function giveUp() {
  if (!game || game.over) return;
  try {
    game = await call("/api/boards/play/give-up", { token: game.token });
    typed = "";
    localStorage.setItem(STORE, JSON.stringify(game));
  } catch (error) { say($("#boards-message"), error.message, true); return; }
  drawGame();
}

// --- the assistant ---

function drawEntry() {
  const box = $("#boards-tiles");
  box.replaceChildren();
  if (!advice) return;
  const word = letters($("#boards-guess").value.trim());
  advice.boards.forEach((board, b) => {
    if (board.solved) return;
    boardMarks[b] = word.map((_, i) => (boardMarks[b] || [])[i] || ".");
    const row = el("div", { class: "tiles editable", role: "group", "aria-label": `board ${b + 1}` }, el("span", { class: "reply-chip", text: `#${b + 1}` }));
    word.forEach((letter, i) => row.append(el("button", {
      type: "button", class: `tile ${MARK_CLASS[boardMarks[b][i]]}`, text: letter, "data-board": b,
      "aria-label": `board ${b + 1}, letter ${i + 1}, ${letter}: ${MARK_NAME[boardMarks[b][i]]}. Activate to change.`,
      onclick: (event) => { boardMarks[b][i] = NEXT_MARK[boardMarks[b][i]]; drawEntry(); refocus(event, b, i); },
    })));
    box.append(row);
  });
}

function refocus(_event, b, i) {
  $(`#boards-tiles button[data-board="${b}"]:nth-of-type(${i + 1})`)?.focus();
}

function drawAdvice() {
  $("#boards-suggestion").textContent = advice.solved ? "Every board is solved." : `Suggestion: ${advice.suggestion} (${advice.left} guesses left)`;
  const box = $("#boards-candidates");
  box.replaceChildren(...advice.boards.map((board) => el("div", { class: `board${board.solved ? " solved" : ""}` },
    el("h4", { text: `#${board.board}: ${board.solved ? board.solved + " ✓" : board.candidates.toLocaleString("en") + " left"}` }),
    board.solved ? null : el("ol", { class: "candidates" }, board.likely.slice(0, 6).map((c) => el("li", {}, `${c.word} `, el("small", { text: percent(c.probability) })))))));
}

async function assist() {
  const mine = ++advised;
  try {
    const answer = await call("/api/boards/assist", { game: form().elements.game.value, world: form().elements.world.value, turns });
    if (mine !== advised) return false;
    advice = answer;
    boardMarks = [];
    $("#boards-guess").value = advice.suggestion ? advice.suggestion.toLowerCase() : "";
    drawAdvice();
    drawEntry();
    return true;
  } catch (error) { say($("#boards-assist-message"), error.message, true); return false; }
}

async function addTurn(event) {
  event.preventDefault();
  const guess = $("#boards-guess").value.trim();
  if (!guess || !advice) return;
  const reply = advice.boards.map((board, b) => board.solved ? "-" : (boardMarks[b] || []).join("")).join(" ");
  turns.push({ guess, reply });
  say($("#boards-assist-message"), "");
  if (!(await assist())) turns.pop();
}

export function start() {
  form().addEventListener("submit", newGame);
  form().elements.game.addEventListener("change", () => { turns = []; assist(); newGame(); });
  form().elements.world.addEventListener("change", () => { turns = []; assist(); });
  $("#boards-guess").addEventListener("input", drawEntry);
  $("#boards-entry").addEventListener("submit", addTurn);
  $("#boards-give-up").addEventListener("click", giveUp);
  $("#boards-undo").addEventListener("click", () => { if (turns.length) { turns.pop(); assist(); } });
  $("#boards-copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(game.share); say($("#boards-message"), "The share text is on the clipboard"); }
    catch { say($("#boards-message"), "The clipboard is not available here: select the text and copy it", true); }
  });
  listenToKeys(() => !$("#page-boards").hidden, () => game ? game.alphabet : "", key);
  const saved = JSON.parse(localStorage.getItem(STORE) || "null");
  if (saved) { game = saved; form().elements.game.value = saved.game; drawGame(); } else newGame();
  assist();
}
