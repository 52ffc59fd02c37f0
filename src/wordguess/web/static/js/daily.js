// The daily games' record in this browser (local storage), as the terminal keeps its own
// (play/daily.py, the same figures): one entry per daily (its variant and day) with its latest
// token, so a new daily of the same day is resumed or refused by the server (one attempt a day).
import { el, load, today } from "./dom.js";

const STORE = "wordguess-daily";
const KEPT = 2000;  // entries kept, the oldest dropped first
const ticking = new Map();  // each page's countdown timer, by its node

function entries() { return load(STORE) || {}; }

// Keep a daily game's latest state (a game that is not a daily is ignored).
export function keep(game) {
  if (!game || !game.daily) return;
  const all = entries();
  const id = `${game.daily.variant}|${game.daily.day}`;
  const known = all[id];
  if (known && known.over) return;  // the first end of a day's daily is its result
  all[id] = { day: game.daily.day, variant: game.daily.variant, token: game.token, over: game.over, won: game.won,
    guesses: game.turns.length, max: game.max_guesses, at: Date.now() };
  const ids = Object.keys(all).sort((a, b) => all[a].at - all[b].at);
  for (const old of ids.slice(0, Math.max(0, ids.length - KEPT))) delete all[old];
  localStorage.setItem(STORE, JSON.stringify(all));
}

// The tokens of the latest dailies (the server keeps the ones of its day and of the game asked for).
export function recentTokens() {
  return Object.values(entries()).sort((a, b) => b.at - a.at).slice(0, 8).map((e) => e.token);
}

function dayNumber(iso) { return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86400000); }

// The record of one daily game: played, won, win %, current and best streak, guess distribution.
export function stats(variant, todayIso) {
  const days = new Map();
  for (const e of Object.values(entries())) if (e.variant === variant && e.over) days.set(dayNumber(e.day), e);
  const sorted = [...days.keys()].sort((a, b) => a - b);
  let best = 0, run = 0, previous = null;
  for (const d of sorted) {
    const won = days.get(d).won;
    run = won ? (previous !== null && d - previous === 1 ? run + 1 : 1) : 0;
    previous = won ? d : null;
    best = Math.max(best, run);
  }
  let current = 0;
  let d = days.has(dayNumber(todayIso)) ? dayNumber(todayIso) : dayNumber(todayIso) - 1;
  while (days.has(d) && days.get(d).won) { current += 1; d -= 1; }
  const distribution = {};
  let won = 0;
  for (const e of days.values()) if (e.won) { won += 1; distribution[e.guesses] = (distribution[e.guesses] || 0) + 1; }
  const played = days.size;
  return { played, won, winPercent: played ? Math.round((100 * won) / played) : 0, current, best, distribution };
}

function clock(seconds) {
  const s = Math.max(0, seconds);
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, "0")).join(":");
}

// The seconds to the player's next midnight, when the next daily comes.
export function secondsToNextDay(now = new Date()) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.max(0, Math.round((midnight - now) / 1000));
}

// Show the record of the game's daily in `node` (hidden for a game that is not a finished daily
// of the record: a past day's played as practice is not), with a countdown to the next daily,
// whose end calls `onNext` (the page opens the new daily).
export function showStats(node, game, onNext = null) {
  clearInterval(ticking.get(node));
  ticking.delete(node);
  if (!game || !game.daily || !game.over || game.daily.practice) { node.hidden = true; node.replaceChildren(); return; }
  const s = stats(game.daily.variant, game.daily.day);
  const most = Math.max(1, ...Object.values(s.distribution));
  const bars = [];
  for (let g = 1; g <= (game.max_guesses || Math.max(0, ...Object.keys(s.distribution).map(Number))); g++) {
    const count = s.distribution[g] || 0;
    const mine = game.won && game.turns.length === g;
    const fill = el("span", { class: "fill", text: String(count) });
    fill.style.width = `${Math.max(8, (100 * count) / most)}%`;  // the CSSOM: no inline style attribute (CSP)
    bars.push(el("div", { class: `bar${mine ? " mine" : ""}` }, el("span", { text: String(g) }), fill));
  }
  const next = el("p", { class: "next-daily" });
  const tick = () => {
    const left = secondsToNextDay();
    next.textContent = `Next daily in ${clock(left)}`;
    if (left === 0 || game.daily.day < today()) {  // the player's midnight: the new daily is ready
      clearInterval(ticking.get(node));
      ticking.delete(node);
      onNext?.();
    }
  };
  ticking.set(node, setInterval(tick, 1000));
  next.textContent = `Next daily in ${clock(secondsToNextDay())}`;
  const figure = (value, label) => el("div", {}, el("strong", { text: String(value) }), el("span", { text: label }));
  node.replaceChildren(el("h3", { text: "Your daily record" }),
    el("div", { class: "figures" }, figure(s.played, "played"), figure(s.winPercent, "win %"),
      figure(s.current, "current streak"), figure(s.best, "best streak")),
    el("div", { class: "distribution", "aria-label": "Guess distribution" }, bars), next);
  node.hidden = false;
}
