// The play page: a game hosted by the server (daily, random, evil, absurdle). The game lives in
// a signed token the page keeps (local storage), so the secret never reaches the page.
import { call } from "./api.js";
import { $, el, letters, say, tileRow } from "./dom.js";
import { drawKeyboard, listenToKeys } from "./keyboard.js";
import { readSetting, renderOptions } from "./setting.js";

const STORE = "wordguess-play";
let gameInfo;
let game = null;
let typed = "";
let asked = 0; // the latest new game asked for: an older answer arriving later is dropped

const form = () => $("#play-setting");

function draw() {
  const grid = $("#play-grid");
  grid.replaceChildren();
  if (!game) return;
  for (const turn of game.turns) {
    grid.append(turn.marks ? tileRow(turn.guess, turn.marks)
      : el("div", { class: "row" }, tileRow(turn.guess, null), el("span", { class: "reply-chip", text: turn.reply })));
  }
  if (!game.over) {
    const row = el("div", { class: "row current", "aria-label": "Your next guess" });
    const chars = letters(typed);
    for (let i = 0; i < (game.length || Math.max(chars.length, 1)); i++) row.append(el("span", { class: "tile", text: chars[i] || "" }));
    grid.append(row);
    const limit = Number(game.limit);
    for (let t = game.turns.length + 1; Number.isFinite(limit) && t < limit; t++) {
      const empty = el("div", { class: "row" });
      for (let i = 0; i < (game.length || 5); i++) empty.append(el("span", { class: "tile" }));
      grid.append(empty);
    }
  }
  drawKeyboard($("#play-keyboard"), game.alphabet, [game.keyboard], key);
  const adversary = game.remaining === null ? "" : `; ${game.remaining.toLocaleString("en")} words still possible`;
  $("#play-status").textContent = `${game.title}: guess the ${game.length}-letter word` +
    `${game.clue ? " " + game.clue : ""} (${game.limit} guesses; host ${game.host}${adversary})`;
  $("#play-share").hidden = !game.over;
  $("#play-give-up").hidden = game.over;
  if (game.over) {
    $("#play-share-text").textContent = game.share;
    say($("#play-message"), game.won ? `Solved in ${game.turns.length}!` : `The word was ${game.secret}`);
  }
  document.body.dataset.playOver = String(game.over);
}

async function newGame(event) {
  event?.preventDefault();
  const mine = ++asked;
  try {
    const started = await call("/api/play/new", { ...readSetting(form()), host: form().elements.host.value });
    if (mine !== asked) return;
    game = started;
    document.body.dataset.playGames = String(mine);
    typed = "";
    localStorage.setItem(STORE, JSON.stringify({ setting: readSetting(form()), host: form().elements.host.value, game }));
    say($("#play-message"), "");
    draw();
  } catch (error) { say($("#play-message"), error.message, true); }
}

async function giveUp() {
  if (!game || game.over) return;
  try {
    game = await call("/api/play/give-up", { token: game.token });
    typed = "";
    localStorage.setItem(STORE, JSON.stringify({ setting: readSetting(form()), host: form().elements.host.value, game }));
  } catch (error) { say($("#play-message"), error.message, true); return; }
  draw();
}

async function submit() {
  if (!game || game.over || !typed) return;
  try {
    game = await call("/api/play/guess", { token: game.token, guess: typed });
    typed = "";
    say($("#play-message"), "");
    localStorage.setItem(STORE, JSON.stringify({ setting: readSetting(form()), host: form().elements.host.value, game }));
  } catch (error) { say($("#play-message"), error.message, true); }
  draw();
}

function key(k) {
  if (!game || game.over) return;
  if (k === "enter") { submit(); return; }
  if (k === "back") typed = letters(typed).slice(0, -1).join("");
  else if (!game.length || letters(typed).length < game.length) typed += k;
  draw();
}

async function copyShare() {
  try {
    await navigator.clipboard.writeText(game.share);
    say($("#play-message"), "The share text is on the clipboard");
  } catch {
    say($("#play-message"), "The clipboard is not available here: select the text and copy it", true);
  }
}

export function start(context) {
  gameInfo = context.gameInfo;
  const f = form();
  const saved = JSON.parse(localStorage.getItem(STORE) || "null");
  if (saved && gameInfo(saved.setting.game)) {
    f.elements.game.value = saved.setting.game;
    f.elements.world.value = saved.setting.world || "open";
    f.elements.host.value = saved.host || "daily";
  }
  renderOptions(f, gameInfo(f.elements.game.value), true);
  f.elements.game.addEventListener("change", () => renderOptions(f, gameInfo(f.elements.game.value), true));
  f.addEventListener("submit", newGame);
  $("#play-copy").addEventListener("click", copyShare);
  $("#play-give-up").addEventListener("click", giveUp);
  listenToKeys(() => !$("#page-play").hidden, () => game ? game.alphabet : "", key);
  if (saved && saved.game) { game = saved.game; draw(); } else newGame();
}
