// The multi-board page (Quordle and friends): a game hosted here (boards side by side, a key
// coloured per board), and the assistant for a game played elsewhere. The game, the setting and
// the assistant's turns are kept in local storage.
import { call, said } from "./api.js";
import { $, askFirst, askIfUnlisted, el, inPalette, letters, load, markTiles, outlook, percent, say, tileRow, today, wordsInNoList } from "./dom.js";
import { showStats } from "./daily.js";
import { HostedGame } from "./hosted.js";
import { drawKeyboard, listenToKeys } from "./keyboard.js";
import { fitScreen, PHONE } from "./screen.js";

const STORE = "wordguess-boards";
let hosted;
let turns = [];    // the assistant's turns the server accepted: {guess, reply}
let advice = null; // the assistant's last answer
let boardMarks = [];
let touched = false; // a tile of the guess was set (clicked, or from a pasted grid)
let advised = 0;   // the latest assistant request: an older answer arriving later is dropped
let shownWorld = null; // the world of the assistant's last answer (a refused world change goes back to it)
let added = [];    // words in no list the player added for the assistant's game (guesses and possible secrets)
let words = null;  // its field (dom.wordsInNoList), made at the start

const form = () => $("#boards-setting");

function setting() {
  const f = form();
  return { game: f.elements.game.value, world: f.elements.world.value, host: f.elements.host.value };
}

function save() {
  localStorage.setItem(STORE, JSON.stringify({ setting: setting(), game: hosted.game, day: today(), turns, added }));
}

// One row of `length` tiles with `text`'s letters.
function typedRow(text, length, attributes) {
  const row = el("div", attributes);
  const chars = letters(text);
  for (let i = 0; i < length; i++) row.append(el("span", { class: "tile", text: chars[i] || "" }));
  return row;
}

function drawGame() {
  const view = hosted.redrawn();
  if (!view) return;
  const { game, typed, pending, grid, reveal } = view;
  for (let b = 0; b < game.boards; b++) {
    const card = el("div", { class: `board${game.solved[b] ? " solved" : ""}`, "aria-label": `board ${b + 1}` },
      el("h3", { text: `#${b + 1}${game.solved[b] ? " ✓" : ""}` }));
    game.turns.forEach((turn, i) => {
      if (!turn.marks[b]) return;
      const row = tileRow(turn.guess, turn.marks[b]);
      if (i + 1 === reveal) row.classList.add("reveal");
      card.append(row);
    });
    if (!game.solved[b] && !game.over) {
      if (pending) card.append(typedRow(pending, game.length, { class: "row pending", role: "img", "aria-label": `${pending}: waiting for the reply` }));
      if (!pending || game.turns.length + 1 < game.max_guesses) card.append(typedRow(typed, game.length, { class: "row current" }));
    }
    grid.append(card);
  }
  // once the game is over every board's colours stay on the keys (none is left to narrow)
  drawKeyboard($("#boards-keyboard"), game.alphabet, game.keyboards, (k) => hosted.key(k), game.over ? [] : game.solved, game.keyboard_rows);
  $("#boards-status").textContent = `${gameInfo(game.game)?.title ?? game.game}: ${game.boards} boards, ` +
    (game.over ? `${game.turns.length} of ${game.max_guesses} guesses played` : `guess ${game.turns.length + 1} of ${game.max_guesses}`);
  $("#boards-share").hidden = !game.over;
  $("#boards-give-up").hidden = game.over || !$("#boards-confirm").hidden;
  if (game.over) {
    $("#boards-share-text").textContent = inPalette(game.share);
    say($("#boards-message"), game.won ? `All boards solved in ${game.turns.length}!` : `The words were ${game.secrets.join(", ")}`);
  }
  showStats($("#boards-stats"), game, newDay);
  fitScreen($("#boards-screen"), grid, { boards: game.boards, rows: game.max_guesses, length: game.length, over: game.over });
  document.body.dataset.boardsOver = String(game.over);
  document.body.dataset.boardsGames = String(hosted.started);
}

// --- the assistant ---

function drawEntry() {
  const box = $("#boards-tiles");
  box.replaceChildren();
  if (!advice) return;
  const word = $("#boards-guess").value.trim();
  advice.boards.forEach((board, b) => {
    if (board.solved) return;
    boardMarks[b] = letters(word).map((_, i) => (boardMarks[b] || [])[i] || ".");
    box.append(el("div", { class: "tiles editable", role: "group", "aria-label": `board ${b + 1}` },
      el("span", { class: "reply-chip", text: `#${b + 1}` }),
      markTiles(word, boardMarks[b], `board ${b + 1}, `, () => ({ "data-board": b }))));
  });
}

function drawAdvice() {
  $("#boards-suggestion").textContent = advice.solved ? "Every board is solved." : `Suggestion: ${advice.suggestion} (${advice.guesses_left} guesses left)`;
  const box = $("#boards-candidates");
  box.replaceChildren(...advice.boards.map((board, b) => el("div", { class: `board${board.solved ? " solved" : ""}` },
    el("h3", { text: `#${board.board}: ${board.solved ? board.solved + " ✓" : board.candidate_count.toLocaleString("en") + " left"}` }),
    advice.turns.filter((turn) => turn.marks[b]).map((turn) => tileRow(turn.guess, turn.marks[b])),
    board.solved ? null : el("ol", { class: "candidates" }, board.likely.slice(0, 6).map((c) => el("li", {}, `${c.word} `, el("small", { text: percent(c.probability) })))))));
  document.body.dataset.boardsAssistTurns = String(turns.length);
  document.body.dataset.boardsAssistWorld = advice.world;
}

function busy(on) {
  $("#boards-add").disabled = on;
  $("#boards-undo").disabled = on;
}

// Ask the assistant about `next` turns; they become the turns only if the answer is the latest
// (the answer says whether they did). A refused world change (`keepWorld`) puts the select back.
// A word in no list just added is taken once the player says it was played (`sure`).
async function assist(next = turns, keepWorld = false, sure = false) {
  const mine = ++advised;
  const f = form();
  const world = f.elements.world.value;
  busy(true);
  $("#boards-assist-confirm").hidden = true;
  try {
    const answer = await call("/api/boards/assist", { game: f.elements.game.value, world, turns: next, add_words: added });
    if (mine !== advised) return false;
    if (!sure && askIfUnlisted(turns, next, answer.notices, { box: $("#boards-assist-confirm"),
      message: $("#boards-assist-message"), input: $("#boards-guess"), retry: () => assist(next, keepWorld, true) })) return false;
    advice = answer;
    turns = next;
    shownWorld = world;
    save();
    boardMarks = [];
    touched = false;
    // Unless a win of every combination is shown, the suggestion plays for the likeliest: say why.
    say($("#boards-assist-message"), [advice.solved ? "" : outlook(advice.win_guarantee), ...(advice.notices || [])]
      .filter(Boolean).join(" · "));
    $("#boards-guess").value = advice.suggestion ? advice.suggestion.toLowerCase() : "";
    drawAdvice();
    drawEntry();
    return true;
  } catch (error) {
    if (mine !== advised) return false;
    if (keepWorld && shownWorld) { f.elements.world.value = shownWorld; save(); }
    say($("#boards-assist-message"), said(error), true);
    return false;
  } finally {
    if (mine === advised) busy(false);
  }
}

function addTurn(event) {
  event.preventDefault();
  const guess = $("#boards-guess").value.trim();
  if (!guess || !advice || $("#boards-add").disabled) return;
  const reply = advice.boards.map((board, b) => board.solved ? "-" : (boardMarks[b] || []).join("")).join(" ");
  const next = [...turns, { guess, reply }];
  if (!touched && /^[.\s-]+$/.test(reply)) {  // Enter alone would add the guess with every tile grey: make sure that is what came
    askFirst($("#boards-assist-confirm"), `Add ${guess.toUpperCase()} with every tile grey on every board?`,
      { label: "Add it", run: () => assist(next) },
      { label: "Set the tiles", run: () => $("#boards-tiles button")?.focus() });
    return;
  }
  assist(next);
}

// A pasted share grid, read by the server (the game's own parser): each board's row of the next turn.
async function applyShare() {
  if (!advice) return;
  let grids;
  try {
    grids = (await call("/api/share", { game: advice.game, text: $("#boards-paste").value })).boards;
  } catch (error) { say($("#boards-assist-message"), said(error), true); return; }
  advice.boards.forEach((board, b) => {
    const row = grids[b][turns.length];
    if (!board.solved && row) boardMarks[b] = Array.from(row);
  });
  touched = true;
  drawEntry();
  say($("#boards-assist-message"), `tiles set from row ${turns.length + 1} of the grid`);
  document.body.dataset.boardsShares = String(Number(document.body.dataset.boardsShares || 0) + 1);
}

let gameInfo;

export function start(context) {
  gameInfo = context.gameInfo;
  const f = form();
  hosted = new HostedGame({ paths: { start: "/api/boards/play/new", guess: "/api/boards/play/guess", giveUp: "/api/boards/play/give-up" },
    request: setting, draw: drawGame, save, message: $("#boards-message"), grid: $("#boards-grid"),
    confirm: { button: $("#boards-give-up"), box: $("#boards-confirm") },
    dailyDone: (text) => {  // today's daily was played here: the next "New game" is a random one
      f.elements.host.value = "random";
      say($("#boards-message"), `${text}. New game now starts a random one.`, true);
    } });
  const saved = load(STORE);
  words = wordsInNoList($("#boards-add-words"), $("#boards-assist-message"), () => added, (list) => { added = list; }, () => assist(turns));
  if (saved && saved.token) hosted.game = saved;  // kept by an older version of the page
  else if (saved) {
    for (const name of ["game", "world", "host"]) if (saved.setting?.[name]) f.elements[name].value = saved.setting[name];
    hosted.game = saved.game;
    turns = saved.turns || [];
    added = saved.added || [];
    $("#boards-add-words").value = added.join(" ");
  }
  if (hosted.game) f.elements.game.value = hosted.game.game;
  const fresh = saved && saved.day === today();
  f.addEventListener("submit", (event) => hosted.newGame(event));
  f.elements.game.addEventListener("change", () => {
    words.clear();  // the words added were the other game's
    assist([]);
    // a game under way is not thrown away: New game starts the other one
    const going = hosted.game && !hosted.game.over && hosted.game.turns.length > 0;
    if (going) say($("#boards-message"), `New game starts ${gameInfo(f.elements.game.value)?.title ?? "it"}; this game goes on meanwhile.`);
    else hosted.newGame();
  });
  f.elements.world.addEventListener("change", () => assist(turns, true));
  f.elements.host.addEventListener("change", save);
  $("#boards-guess").addEventListener("input", drawEntry);
  $("#boards-tiles").addEventListener("click", (event) => { if (event.target.closest("button")) touched = true; });
  $("#boards-entry").addEventListener("submit", addTurn);
  $("#boards-undo").addEventListener("click", () => { if (turns.length) assist(turns.slice(0, -1)); });
  $("#boards-paste-apply").addEventListener("click", applyShare);
  $("#boards-add-words-apply").addEventListener("click", () => words.apply());
  $("#boards-copy").addEventListener("click", () => hosted.copy($("#boards-share-text")));
  listenToKeys(() => !$("#page-boards").hidden, () => hosted.game ? hosted.game.alphabet : "", (k) => hosted.key(k));
  PHONE.addEventListener("change", drawGame);
  window.addEventListener("resize", drawGame);
  document.addEventListener("visibilitychange", () => { if (!document.hidden && !$("#page-boards").hidden) newDay(); });
  if (hosted.game && fresh) drawGame();
  assist();
}

// A new day opens on its daily (HostedGame.newDay).
const newDay = () => hosted.newDay(STORE, form().elements.host);

// Shown again (main.js): a day may have passed since; else the game is drawn to fit the screen now.
export function shown() { if (!newDay()) drawGame(); }

// Drawn again: the palette changed (the share squares follow it), or the banner above the game came or went.
export function repaint() { if (hosted?.game) drawGame(); }
