// The play page: a game hosted by the server (daily, random, evil, absurdle). The game lives in
// a signed token the page keeps (local storage), so the secret never reaches the page. A new day
// opens on that day's daily, whatever was played last.
import { $, el, inPalette, letters, load, say, today, turnRow } from "./dom.js";
import { showStats } from "./daily.js";
import { HostedGame } from "./hosted.js";
import { drawKeyboard, listenToKeys } from "./keyboard.js";
import { fitScreen, PHONE } from "./screen.js";
import { readSetting, renderAnswers, renderOptions } from "./setting.js";

const STORE = "wordguess-play";
const form = () => $("#play-setting");
let hosted;
let gameInfo;

function request() { return { ...readSetting(form()), host: form().elements.host.value }; }

// The setting, the host, the game and the day it was started on.
function save() {
  localStorage.setItem(STORE, JSON.stringify({ setting: readSetting(form()), host: form().elements.host.value, day: today(), game: hosted.game }));
}

// One row of tiles: `text`'s symbols, `length` of them (a game of any length: as many as typed, one at least).
function typedRow(text, length, attributes) {
  const row = el("div", attributes);
  const chars = letters(text);
  for (let i = 0; i < (length || Math.max(chars.length, 1)); i++) row.append(el("span", { class: "tile", text: chars[i] || "" }));
  return row;
}

// The game's name as the status says it: its title, and the language when another than English.
function gameName(game) {
  const language = form().querySelector("select[name=language]");
  const chosen = language && language.value !== "en" && game.game === form().elements.game.value;
  return chosen ? `${game.title} (${language.selectedOptions[0].textContent})` : game.title;
}

function draw() {
  const view = hosted.redrawn();
  if (!view) return;
  const { game, typed, pending, grid, reveal } = view;
  game.turns.forEach((turn, i) => {
    const row = turnRow(turn);
    if (i + 1 === reveal) row.classList.add("reveal");
    grid.append(row);
  });
  let rows = game.turns.length;
  if (!game.over) {
    if (pending) {
      grid.append(typedRow(pending, game.length, { class: "row pending", role: "img", "aria-label": `${pending}: waiting for the reply` }));
      rows += 1;
    }
    if (game.max_guesses === null || rows < game.max_guesses) {
      grid.append(typedRow(typed, game.length, { class: "row current", role: "group", "aria-label": "Your next guess" }));
      rows += 1;
    }
    for (; game.max_guesses !== null && rows < game.max_guesses; rows++) grid.append(typedRow("", game.length || 5, { class: "row" }));
  }
  drawKeyboard($("#play-keyboard"), game.alphabet, [game.keyboard], (k) => hosted.key(k), [], game.keyboard_rows);
  const left = game.adversary_candidates;
  const adversary = left === null ? "" : `; ${left.toLocaleString("en")} word${left === 1 ? "" : "s"} still possible`;
  const daily = game.daily ? `daily of ${game.daily.day}${game.daily.practice ? ", practice" : ""}` : `host ${game.host}`;
  $("#play-status").textContent = `${gameName(game)}: guess the ${game.word_text}` +
    `${game.clue ? " " + game.clue : ""} (${game.max_guesses ?? "∞"} guesses; ${daily}${adversary})`;
  $("#play-status").title = $("#play-status").textContent;  // cut to one line on a phone: whole on hover
  const legend = $("#play-legend");  // a reply without tiles (Mastermind's 0,2) says how it reads
  legend.hidden = game.tiles;
  legend.textContent = game.tiles ? "" : `Replies: ${gameInfo(game.game)?.replies ?? ""}`;
  $("#play-share").hidden = !game.over;
  $("#play-give-up").hidden = game.over || !$("#play-confirm").hidden;
  if (game.over) {
    $("#play-share-text").textContent = inPalette(game.share);
    say($("#play-message"), game.won ? `Solved in ${game.turns.length}!` : `The word was ${game.secret}`);
  }
  showStats($("#play-stats"), game, newDay);
  fitScreen($("#play-screen"), grid, { boards: 1, rows: game.max_guesses ?? rows, length: game.length || 5, over: game.over });
  document.body.dataset.playOver = String(game.over);
  document.body.dataset.playGames = String(hosted.started);
  document.body.dataset.playTurns = String(game.turns.length);
  document.body.dataset.playList = game.answers;
  document.body.dataset.playDay = game.daily ? game.daily.day : "";
}

function yesterday() {
  const date = new Date();
  date.setDate(date.getDate() - 1);
  return today(date);
}

// A new day opens on its daily (HostedGame.newDay).
const newDay = () => hosted.newDay(STORE, form().elements.host);

export function start(context) {
  gameInfo = context.gameInfo;
  const f = form();
  hosted = new HostedGame({ paths: { start: "/api/play/new", guess: "/api/play/guess", giveUp: "/api/play/give-up" },
    request, draw, save, message: $("#play-message"), grid: $("#play-grid"),
    confirm: { button: $("#play-give-up"), box: $("#play-confirm") },
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
    for (const input of f.querySelectorAll("input.option, select.option")) input.value = saved.setting[input.name] ?? input.value;
    renderAnswers(f, context.gameInfo(f.elements.game.value));
    if (saved.setting.answers) f.elements.answers.value = saved.setting.answers;
  }
  f.elements.game.addEventListener("change", () => renderOptions(f, context.gameInfo(f.elements.game.value), true));
  f.addEventListener("change", (event) => {
    if (["length", "language", "world"].includes(event.target.name)) renderAnswers(f, context.gameInfo(f.elements.game.value));
  });
  f.addEventListener("submit", (event) => hosted.newGame(event));
  $("#play-copy").addEventListener("click", () => hosted.copy($("#play-share-text")));
  const day = $("#play-archive-day");
  day.max = yesterday();
  day.value = yesterday();
  $("#play-archive-start").addEventListener("click", () => {
    if (!day.value) { say($("#play-message"), "choose a day first", true); return; }
    f.elements.host.value = "daily";
    hosted.newGame(null, day.value);
    $("#play-screen").scrollIntoView();
  });
  listenToKeys(() => !$("#page-play").hidden, () => hosted.game ? hosted.game.alphabet : "", (k) => hosted.key(k));
  PHONE.addEventListener("change", draw);
  window.addEventListener("resize", draw);
  document.addEventListener("visibilitychange", () => { if (!document.hidden && !$("#page-play").hidden) newDay(); });
  if (saved && saved.game && saved.day === today()) { hosted.game = saved.game; draw(); }
}

// Shown again (main.js): a day may have passed since; else the game is drawn to fit the screen now.
export function shown() {
  $("#play-archive-day").max = yesterday();
  if (!newDay()) draw();
}

// Drawn again: the palette changed (the share squares follow it), or the banner above the game came or went.
export function repaint() { if (hosted?.game) draw(); }
