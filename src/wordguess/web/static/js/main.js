// The app: the page router (#assist, #play, ...), the game pickers, the colour-blind palette, the
// first visit's help, the service worker that keeps the page for a visit offline.
import { call, UNREACHABLE } from "./api.js";
import { $, el, load, markColours } from "./dom.js";
import * as assist from "./assist.js";
import * as play from "./play.js";
import * as analyze from "./analyze.js";
import * as boards from "./boards.js";
import * as explore from "./explore.js";

const PAGES = { assist, play, analyze, boards, explore };
const started = new Set();
let catalogue = [];

export function gameInfo(name) { return catalogue.find((g) => g.name === name); }

// A game played in one language names it; one with a language picker (Wordle) leaves it to the picker.
function gameLabel(game) {
  const chosen = game.options.some((o) => o.option === "language");
  return game.language && !chosen ? `${game.title} — ${game.language}` : game.title;
}

function fillPickers() {
  for (const select of document.querySelectorAll(".game-picker")) {
    const kind = select.dataset.kind;  // single, multi, or all (several boards in a group of their own)
    for (const game of catalogue.filter((g) => kind === "all" ? !g.multiboard : g.multiboard === (kind === "multi"))) {
      select.append(el("option", { value: game.name, text: gameLabel(game) }));
    }
    if (kind === "all") {
      select.append(el("optgroup", { label: "Several boards" },
        ...catalogue.filter((g) => g.multiboard).map((game) => el("option", { value: game.name, text: gameLabel(game) }))));
    }
    if (kind === "multi") select.value = "quordle";
  }
}

function pageName() {
  const name = (location.hash || "#assist").slice(1).split("?")[0];
  return PAGES[name] ? name : "assist";
}

// Show the page's section at once (before the catalogue arrives), so its frame does not jump in later.
function showSection(page) {
  for (const section of document.querySelectorAll(".page")) section.hidden = section.id !== `page-${page}`;
}

function showPage() {
  const page = pageName();
  showSection(page);
  for (const link of document.querySelectorAll("nav a[data-page]")) {
    if (link.dataset.page === page) {
      link.setAttribute("aria-current", "page");
      document.title = `${(link.querySelector(".long") || link).textContent.trim()} · wordguess`;  // the tab and the history say where
    } else link.removeAttribute("aria-current");
  }
  if (!started.has(page)) {
    started.add(page);
    PAGES[page].start({ gameInfo });
  }
  PAGES[page].shown?.();
}

// The palette: the tiles' colours, the colours' names in the hints and the help, the share squares.
function setPalette(on) {
  document.body.classList.toggle("colour-blind", on);
  $("#palette").setAttribute("aria-pressed", String(on));
  $("#palette .state").textContent = on ? "on" : "off";
  localStorage.setItem("wordguess-palette", on ? "colour-blind" : "standard");
  const colours = markColours();
  for (const name of document.querySelectorAll(".colour-name")) name.textContent = name.dataset.mark === "G" ? colours.right : colours.elsewhere;
  for (const page of Object.values(PAGES)) page.repaint?.();
}

// How to play: shown on the first visit, and by the "?" button.
function help() {
  const dialog = $("#help");
  $("#help-open").addEventListener("click", () => dialog.showModal());
  $("#help-close").addEventListener("click", () => dialog.close());
  if (!localStorage.getItem("wordguess-helped")) {
    localStorage.setItem("wordguess-helped", "yes");
    dialog.showModal();
  }
}

// The games' catalogue: the server's, kept for a visit offline (the page then says the server is out of reach).
async function games() {
  try {
    const answer = await call("/api/games");
    localStorage.setItem("wordguess-games", JSON.stringify(answer));
    return answer;
  } catch (error) {
    const kept = load("wordguess-games");
    if (!kept) throw error;
    return kept;
  }
}

// Say that the server cannot be reached, once for the whole page, until an answer comes again
// (api.js's `reach` events). The banner moves the games down: they are drawn again to fit.
function reachable(yes) {
  const note = $("#offline");
  if (note.hidden === yes) return;
  note.hidden = yes;
  note.textContent = yes ? "" : UNREACHABLE;
  for (const page of started) PAGES[page].repaint?.();
}

// A game's settings sit behind a gear: open on a wide screen, folded on a phone so the board and
// the keyboard fit.
const WIDE = window.matchMedia("(min-width: 45rem)");

function foldSettings() {
  for (const box of document.querySelectorAll("details.settings")) box.open = WIDE.matches;
}

async function main() {
  showSection(pageName());
  foldSettings();
  WIDE.addEventListener("change", foldSettings);
  setPalette(localStorage.getItem("wordguess-palette") === "colour-blind");
  $("#palette").addEventListener("click", () => setPalette(!document.body.classList.contains("colour-blind")));
  help();
  window.addEventListener("reach", (event) => reachable(event.detail));
  window.addEventListener("online", () => reachable(true));
  window.addEventListener("offline", () => reachable(false));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  try {
    catalogue = await games();
  } catch {
    document.body.dataset.ready = "offline";
    return;
  }
  fillPickers();
  window.addEventListener("hashchange", showPage);
  showPage();
  document.body.dataset.ready = "true";
}

main();
