// The assistant page: the turns of a game played elsewhere, tiles set by clicking (grey → yellow
// → green), suggestions and candidates. The turns are kept in local storage, so a reload or a
// server restart loses nothing.
import { call, said } from "./api.js";
import { $, askFirst, askIfUnlisted, el, letters, load, markColours, markTiles, outlook, percent, say, turnRow, typingIn, wordsInNoList } from "./dom.js";
import { readSetting, renderAnswers, renderOptions } from "./setting.js";

const STORE = "wordguess-assist";
let gameInfo;
let turns = [];    // the turns the server accepted: {guess, reply}
let marks = [];    // the tiles of the guess being entered
let asked = 0;     // the latest request: an older answer arriving later is dropped
let shown = null;  // the setting of the page's last answer (the form goes back to it when refused)
const form = () => $("#assist-setting");

let touched = false;  // a tile of the guess was set (clicked, or from a pasted grid)
let added = [];     // words in no list the player added (guesses and possible secrets)
let words = null;  // its field (dom.wordsInNoList), made at the start

function save() {
  localStorage.setItem(STORE, JSON.stringify({ setting: readSetting(form()), turns, added }));
}

function info() { return gameInfo(form().elements.game.value); }

function drawTiles() {
  const box = $("#assist-tiles");
  const tiles = info().tiles;
  box.hidden = !tiles;
  $(".reply-text").hidden = tiles;
  // tiles to click and a share grid to paste only where a reply is one mark per letter; else the
  // reply's format where it is typed
  const colours = markColours();
  $("#assist-hint").replaceChildren(...(tiles
    ? ["Type your guess, click its tiles to set the colours you got (grey → ",
      el("span", { class: "colour-name", "data-mark": "Y", text: colours.elsewhere }), " → ",
      el("span", { class: "colour-name", "data-mark": "G", text: colours.right }), "), then add the turn."]
    : [`Type your guess and the reply you got (${info().replies}), then add the turn.`]));
  $("#page-assist details.paste").hidden = !tiles;
  const example = /e\.g\. (\S+)/.exec(info().replies);  // "B,C: bulls then cows, e.g. 1,2 (...)"
  $("#assist-reply").placeholder = tiles ? "" : example ? example[1] : "2";
  $("#assist-reply").title = info().replies;
  if (!tiles) { box.replaceChildren(); return; }
  const word = $("#assist-guess").value.trim();
  marks = marks.slice(0, letters(word).length);
  box.replaceChildren(...markTiles(word, marks, "", (i) => ({ "data-index": i })));
}

function drawAdvice(data) {
  $("#assist-grid").replaceChildren(...data.turns.map(turnRow));
  const body = $("#assist-suggestions tbody");
  body.replaceChildren();
  for (const s of data.suggestions) {
    const pick = el("button", { type: "button", class: "word", text: s.guess, onclick: () => useGuess(s.word) });
    body.append(el("tr", {}, el("td", {}, pick), el("td", { class: "num", text: s.guesses_to_finish.toFixed(2) }),
      el("td", { class: "num", text: s.can_be_answer ? percent(s.probability) : "no" }),
      el("td", { class: "num", text: s.expected_left.toFixed(1) })));
  }
  $("#assist-count").textContent = data.solved ? "Solved!" :
    `${data.candidate_count.toLocaleString("en")} candidate${data.candidate_count === 1 ? "" : "s"}` +
    (data.candidate_count > data.likely.length ? `; the ${data.likely.length} likeliest` : "");
  const list = $("#assist-candidates");
  list.replaceChildren(...data.likely.map((c) => el("li", {}, `${c.word} `, el("small", { text: percent(c.probability) }))));
  // A word in no list was taken as played: the notice says so (beside the game's news).
  const news = data.solved ? `Solved in ${data.turns.length}: ${data.turns.at(-1).guess}` :
    data.candidate_count === 1 ? `The word is ${data.likely[0].word}` : "";
  // Unless a win is shown possible, the suggestion plays for the likeliest win: say why.
  const said = [news, data.solved ? "" : outlook(data.win_guarantee), ...(data.notices || [])].filter(Boolean).join(" · ");
  if (said) say($("#assist-message"), said);
}

// Put a word in the guess box; the focus goes there unless the person is typing in another field
// (an answer arriving while they type an option must not take their keys to the guess box; after
// a choice in a select or a checkbox it goes to the guess, where the next keys belong).
function useGuess(word) {
  const box = $("#assist-guess");
  box.value = word;
  marks = [];
  touched = false;
  drawTiles();
  const active = document.activeElement;
  if (active === box || !typingIn(active)) box.focus();
}

function busy(on) {
  $("#assist-add").disabled = on;
  $("#assist-undo").disabled = on;
}

function restore(setting) {
  const f = form();
  f.elements.world.value = setting.world;
  f.elements.hard.checked = setting.mode === "hard";
  renderAnswers(f, info());
  if (setting.answers) f.elements.answers.value = setting.answers;
}

// Ask about `next` turns in the form's setting; they become the page's turns only if the answer
// is the latest. A refused world or mode change (`keepSetting`) puts the form back as it was. A
// word in no list just added is taken once the player says it was played (`sure`).
async function ask(next, keepSetting = false, sure = false) {
  const mine = ++asked;
  const setting = readSetting(form());
  busy(true);
  $("#assist-confirm").hidden = true;
  say($("#assist-message"), "Working…");
  try {
    const data = await call("/api/assist", { ...setting, turns: next, add_words: added });
    if (mine !== asked) return false;
    if (!sure && askIfUnlisted(turns, next, data.notices, { box: $("#assist-confirm"), message: $("#assist-message"),
      input: $("#assist-guess"), retry: () => ask(next, keepSetting, true) })) return false;
    turns = next;
    shown = setting;
    save();
    say($("#assist-message"), "");
    $("#assist-reply").value = "";
    drawAdvice(data);
    if (!data.solved && data.suggestions.length) useGuess(data.suggestions[0].word);
    document.body.dataset.assistTurns = String(data.turns.length);
    document.body.dataset.assistSetting = `${data.game} ${data.world} ${data.mode}`;
    document.body.dataset.assistList = data.answers;
    document.body.dataset.assistAnswers = String(Number(document.body.dataset.assistAnswers || 0) + 1);
    return true;
  } catch (error) {
    if (mine !== asked) return false;
    if (keepSetting && shown) restore(shown);
    say($("#assist-message"), said(error), true);
    if (setting.world === "closed" && /no word of the answer list/.test(error.message)) offerOpenWorld(next);
    return false;
  } finally {
    if (mine === asked) busy(false);
  }
}

// The turns fit no word of the answer list (GIZMO is in none): offer the open world, where every
// allowed word may be the secret, with the turns kept.
function offerOpenWorld(next) {
  const button = el("button", { type: "button", id: "assist-open-world", text: "Switch to the open world, keeping the turns",
    onclick: () => {
      form().elements.world.value = "open";
      renderAnswers(form(), info());
      ask(next, true);
    } });
  $("#assist-message").append(" ", button);
}

function addTurn(event) {
  event.preventDefault();
  if ($("#assist-add").disabled) return;
  const guess = $("#assist-guess").value.trim();
  const reply = info().tiles ? marks.join("") : $("#assist-reply").value.trim();
  if (!guess || !reply) { say($("#assist-message"), "type a guess and set its reply", true); return; }
  const grey = info().tiles && !touched && /^\.+$/.test(reply);
  if (grey) {  // Enter alone would add the guess with every tile grey: make sure that is what came
    askFirst($("#assist-confirm"), `Add ${guess.toUpperCase()} with every tile grey?`,
      { label: "Add it", run: () => ask([...turns, { guess, reply }]) },
      { label: "Set the tiles", run: () => $("#assist-tiles button")?.focus() });
    return;
  }
  ask([...turns, { guess, reply }]);
}

// A pasted share grid, read by the server (the game's own parser): the row of the next turn.
async function applyShare() {
  let rows;
  try {
    rows = (await call("/api/share", { ...readSetting(form()), text: $("#assist-share").value })).boards[0];
  } catch (error) { say($("#assist-message"), said(error), true); return; }
  const row = Math.min(turns.length, rows.length - 1);
  marks = Array.from(rows[row]);
  touched = true;
  drawTiles();
  say($("#assist-message"), `tiles set from row ${row + 1} of the grid`);
  document.body.dataset.assistShares = String(Number(document.body.dataset.assistShares || 0) + 1);
}

// A new game or new options start over; a world, mode or answer list change keeps the turns and
// asks again (refused: the setting goes back as it was).
function changed(event) {
  const name = event.target.name;
  if (name === "game") {  // the words added were the other game's
    renderOptions(form(), info());
    words.clear();
  }
  if (["length", "language", "world"].includes(name)) renderAnswers(form(), info());
  if (name === "world" || name === "hard" || name === "answers") ask(turns, true);
  else ask([]);
}

export function start(context) {
  gameInfo = context.gameInfo;
  const saved = load(STORE);
  words = wordsInNoList($("#assist-add-words"), $("#assist-message"), () => added, (list) => { added = list; }, () => ask(turns));
  const f = form();
  if (saved && saved.setting && gameInfo(saved.setting.game)) {
    f.elements.game.value = saved.setting.game;
    f.elements.world.value = saved.setting.world || "open";
    renderOptions(f, info());
    f.elements.hard.checked = saved.setting.mode === "hard" && info().hard_mode;
    for (const input of f.querySelectorAll("input.option")) input.value = saved.setting[input.name] ?? input.value;
    renderAnswers(f, info());
    if (saved.setting.answers) f.elements.answers.value = saved.setting.answers;
    turns = saved.turns || [];
    added = saved.added || [];
    $("#assist-add-words").value = added.join(" ");
  } else {
    renderOptions(f, info());
  }
  f.addEventListener("change", changed);
  f.addEventListener("submit", (e) => e.preventDefault());
  $("#assist-guess").addEventListener("input", () => {
    drawTiles();
    // a typed guess is another word: the grid's row no longer speaks for its tiles
    if ($("#assist-message").textContent.startsWith("tiles set from row")) say($("#assist-message"), "");
  });
  $("#assist-tiles").addEventListener("click", (event) => { if (event.target.closest("button")) touched = true; });
  $("#assist-entry").addEventListener("submit", addTurn);
  $("#assist-undo").addEventListener("click", () => {
    if (!turns.length) { say($("#assist-message"), "nothing to undo", true); return; }
    ask(turns.slice(0, -1));
  });
  $("#assist-reset").addEventListener("click", () => ask([]));
  $("#assist-share-apply").addEventListener("click", applyShare);
  $("#assist-add-words-apply").addEventListener("click", () => words.apply());
  ask(turns);
}
