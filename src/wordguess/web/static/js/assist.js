// The assistant page: the turns of a game played elsewhere, tiles set by clicking (grey → yellow
// → green), suggestions and candidates. The turns are kept in local storage, so a reload or a
// server restart loses nothing.
import { call } from "./api.js";
import { $, el, letters, MARK_CLASS, MARK_NAME, NEXT_MARK, percent, say, shareRows, tileRow } from "./dom.js";
import { readSetting, renderOptions } from "./setting.js";

const STORE = "wordguess-assist";
let gameInfo;
let turns = [];   // {guess, reply}
let marks = [];   // the tiles of the guess being entered
let asked = 0;    // the latest request: an older answer arriving later is dropped
const form = () => $("#assist-setting");

function save() {
  localStorage.setItem(STORE, JSON.stringify({ setting: readSetting(form()), turns }));
}

function info() { return gameInfo(form().elements.game.value); }

function drawTiles() {
  const word = $("#assist-guess").value.trim();
  const box = $("#assist-tiles");
  box.replaceChildren();
  const tiles = info().tiles;
  box.hidden = !tiles;
  $(".reply-text").hidden = tiles;
  if (!tiles) return;
  const chars = letters(word);
  marks = chars.map((_, i) => marks[i] || ".");
  chars.forEach((letter, i) => {
    const tile = el("button", {
      type: "button", class: `tile ${MARK_CLASS[marks[i]]}`, text: letter, "data-index": i,
      "aria-label": `letter ${i + 1}, ${letter}: ${MARK_NAME[marks[i]]}. Activate to change.`,
      onclick: () => { marks[i] = NEXT_MARK[marks[i]]; drawTiles(); box.children[i].focus(); },
    });
    box.append(tile);
  });
}

function drawTurns(data) {
  const grid = $("#assist-grid");
  grid.replaceChildren();
  for (const turn of data.turns) {
    grid.append(turn.marks ? tileRow(turn.guess, turn.marks)
      : el("div", { class: "row" }, tileRow(turn.guess, null), el("span", { class: "reply-chip", text: turn.reply })));
  }
}

function drawAdvice(data) {
  const body = $("#assist-suggestions tbody");
  body.replaceChildren();
  for (const s of data.suggestions) {
    const pick = el("button", { type: "button", class: "word", text: s.guess, onclick: () => useGuess(s.word) });
    body.append(el("tr", {}, el("td", {}, pick), el("td", { class: "num", text: s.expected_guesses.toFixed(2) }),
      el("td", { class: "num", text: s.can_be_answer ? percent(s.probability) : "no" }),
      el("td", { class: "num", text: s.expected.toFixed(1) })));
  }
  $("#assist-count").textContent = data.solved ? "Solved!" :
    `${data.candidates.toLocaleString("en")} candidate${data.candidates === 1 ? "" : "s"}` +
    (data.candidates > data.likely.length ? `; the ${data.likely.length} likeliest` : "");
  const list = $("#assist-candidates");
  list.replaceChildren(...data.likely.map((c) => el("li", {}, `${c.word} `, el("small", { text: percent(c.probability) }))));
  if (data.solved) say($("#assist-message"), `Solved in ${data.turns.length}: ${data.turns.at(-1).guess}`);
  else if (data.candidates === 1) say($("#assist-message"), `The word is ${data.likely[0].word}`);
}

function useGuess(word) {
  $("#assist-guess").value = word;
  marks = [];
  drawTiles();
  $("#assist-guess").focus();
}

async function refresh() {
  const mine = ++asked;
  say($("#assist-message"), "Working…");
  try {
    const data = await call("/api/assist", { ...readSetting(form()), turns });
    if (mine !== asked) return false;
    say($("#assist-message"), "");
    drawTurns(data);
    drawAdvice(data);
    if (!data.solved && data.suggestions.length) useGuess(data.suggestions[0].word);
    document.body.dataset.assistTurns = String(data.turns.length);
    return true;
  } catch (error) {
    if (mine === asked) say($("#assist-message"), error.message, true);
    return false;
  }
}

async function addTurn(event) {
  event.preventDefault();
  const guess = $("#assist-guess").value.trim();
  const reply = info().tiles ? marks.join("") : $("#assist-reply").value.trim();
  if (!guess || !reply) { say($("#assist-message"), "type a guess and set its reply", true); return; }
  turns.push({ guess, reply });
  if (await refresh()) { save(); $("#assist-reply").value = ""; } else turns.pop();
}

function applyShare() {
  const rows = shareRows($("#assist-share").value);
  if (!rows.length) { say($("#assist-message"), "no row of squares in the pasted grid", true); return; }
  const row = rows[Math.min(turns.length, rows.length - 1)];
  marks = Array.from(row);
  drawTiles();
  say($("#assist-message"), `tiles set from row ${Math.min(turns.length, rows.length - 1) + 1} of the grid`);
}

function changed() {
  turns = [];
  renderOptions(form(), info());
  say($("#assist-message"), "");
  save();
  refresh();
}

export function start(context) {
  gameInfo = context.gameInfo;
  const saved = JSON.parse(localStorage.getItem(STORE) || "null");
  const f = form();
  if (saved && gameInfo(saved.setting.game)) {
    f.elements.game.value = saved.setting.game;
    f.elements.world.value = saved.setting.world || "open";
    renderOptions(f, info());
    f.elements.hard.checked = saved.setting.mode === "hard";
    for (const input of f.querySelectorAll("input.option")) input.value = saved.setting[input.name] ?? input.value;
    turns = saved.turns || [];
  } else {
    renderOptions(f, info());
  }
  f.addEventListener("change", changed);
  f.addEventListener("submit", (e) => e.preventDefault());
  $("#assist-guess").addEventListener("input", () => drawTiles());
  $("#assist-entry").addEventListener("submit", addTurn);
  $("#assist-undo").addEventListener("click", async () => {
    if (!turns.length) { say($("#assist-message"), "nothing to undo", true); return; }
    turns.pop(); save(); say($("#assist-message"), ""); await refresh();
  });
  $("#assist-reset").addEventListener("click", () => { turns = []; save(); say($("#assist-message"), ""); refresh(); });
  $("#assist-share-apply").addEventListener("click", applyShare);
  refresh();
}
