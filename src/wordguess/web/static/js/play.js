// The play page: a game hosted by the server (daily, random, evil, absurdle). The game lives in
// a signed token the page keeps (local storage), so the secret never reaches the page.
import { $, el, letters, load, say, tileRow, today, turnRow } from "./dom.js";
import { showStats } from "./daily.js";
import { HostedGame } from "./hosted.js";
import { drawKeyboard, listenToKeys } from "./keyboard.js";
import { readSetting, renderAnswers, renderOptions } from "./setting.js";

const STORE = "wordguess-play";
const form = () => $("#play-setting");
let hosted;

function request() { return { ...readSetting(form()), host: form().elements.host.value }; }

// The setting, the host, the game and the day it was started on (a past day's daily is not restored).
function save() {
  localStorage.setItem(STORE, JSON.stringify({ setting: readSetting(form()), host: form().elements.host.value, day: today(), game: hosted.game }));
}

function draw() {
  const view = hosted.redrawn();
  if (!view) return;
  const { game, typed, grid, reveal } = view;
  game.turns.forEach((turn, i) => {
    const row = turnRow(turn);
    if (i + 1 === reveal) row.classList.add("reveal");
    grid.append(row);
  });
  if (!game.over) {
    const row = el("div", { class: "row current", role: "group", "aria-label": "Your next guess" });
    const chars = letters(typed);
    for (let i = 0; i < (game.length || Math.max(chars.length, 1)); i++) row.append(el("span", { class: "tile", text: chars[i] || "" }));
    grid.append(row);
    for (let t = game.turns.length + 1; game.max_guesses !== null && t < game.max_guesses; t++) {
      const empty = el("div", { class: "row" });
      for (let i = 0; i < (game.length || 5); i++) empty.append(el("span", { class: "tile" }));
      grid.append(empty);
    }
  }
  drawKeyboard($("#play-keyboard"), game.alphabet, [game.keyboard], (k) => hosted.key(k), [], game.keyboard_rows);
  const left = game.adversary_candidates;
  const adversary = left === null ? "" : `; ${left.toLocaleString("en")} word${left === 1 ? "" : "s"} still possible`;
  $("#play-status").textContent = `${game.title}: guess the ${game.word_text}` +
    `${game.clue ? " " + game.clue : ""} (${game.max_guesses ?? "∞"} guesses; host ${game.host}${adversary})`;
  $("#play-share").hidden = !game.over;
  $("#play-give-up").hidden = game.over;
  if (game.over) {
    $("#play-share-text").textContent = game.share;
    say($("#play-message"), game.won ? `Solved in ${game.turns.length}!` : `The word was ${game.secret}`);
  }
  showStats($("#play-stats"), game);
  document.body.dataset.playOver = String(game.over);
  document.body.dataset.playGames = String(hosted.started);
  document.body.dataset.playTurns = String(game.turns.length);
  document.body.dataset.playList = game.answers;
}

export function start(context) {
  const f = form();
  hosted = new HostedGame({ paths: { start: "/api/play/new", guess: "/api/play/guess", giveUp: "/api/play/give-up" },
    request, draw, save, message: $("#play-message"), grid: $("#play-grid"),
    dailyDone: (text) => {  // today's daily was played here: the next "New game" is a random one
      f.elements.host.value = "random";
      say($("#play-message"), `${text}. New game now starts a random one.`, true);
    } });
  const saved = load(STORE);
  const known = saved && saved.setting && context.gameInfo(saved.setting.game);
  if (known) {
    f.elements.game.value = saved.setting.game;
    f.elements.world.value = saved.setting.world || "open";
    f.elements.host.value = saved.host || "daily";
  }
  renderOptions(f, context.gameInfo(f.elements.game.value), true);
  if (known) {
    f.elements.hard.checked = saved.setting.mode === "hard" && !f.querySelector(".hard").hidden;
    for (const input of f.querySelectorAll("input.option")) input.value = saved.setting[input.name] ?? input.value;
    renderAnswers(f, context.gameInfo(f.elements.game.value));
    if (saved.setting.answers) f.elements.answers.value = saved.setting.answers;
  }
  f.elements.game.addEventListener("change", () => renderOptions(f, context.gameInfo(f.elements.game.value), true));
  f.addEventListener("change", (event) => {
    if (["length", "language", "world"].includes(event.target.name)) renderAnswers(f, context.gameInfo(f.elements.game.value));
  });
  f.addEventListener("submit", (event) => hosted.newGame(event));
  $("#play-copy").addEventListener("click", () => hosted.copy($("#play-share-text")));
  $("#play-give-up").addEventListener("click", () => hosted.giveUp());
  listenToKeys(() => !$("#page-play").hidden, () => hosted.game ? hosted.game.alphabet : "", (k) => hosted.key(k));
  const stale = !saved || !saved.game || (saved.game.host === "daily" && saved.day !== today());
  if (stale) hosted.newGame();
  else { hosted.game = saved.game; draw(); }
}
