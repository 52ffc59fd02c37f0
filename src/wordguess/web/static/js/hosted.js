// A game hosted by the server, shared by the Play and Multi-board pages: new game, the typed
// guess, guess, give up (once confirmed), copy the share text. The game lives in a signed token
// the page keeps. Only the latest request's answer counts: a guess or give-up answered after
// "New game" is dropped. A guess in flight waits in a row of its own (`pending`); keys typed
// meanwhile go to the next guess, and Enter meanwhile sends it once the answer is in.
import { call, said } from "./api.js";
import { keep, recentTokens } from "./daily.js";
import { copyText, letters, load, say, today, toast, typingIn } from "./dom.js";

export class HostedGame {
  // paths: {start, guess, giveUp}; request(): the new game's body; draw(): redraw the page;
  // save(): keep the game; message: the page's message line; grid: focused after a new game;
  // dailyDone(message): today's daily was played here (a new game's 409): the page offers another game;
  // confirm: the Give up button's question ({button, box}).
  constructor({ paths, request, draw, save, message, grid, dailyDone, confirm }) {
    Object.assign(this, { paths, request, draw, save, message, grid, dailyDone });
    this.game = null;
    this.typed = "";
    this.pending = "";  // the guess in flight
    this.queued = false;  // Enter pressed while a guess was in flight: send the typed guess next
    this.asked = 0;     // the latest request
    this.busy = false;  // a request is in flight
    this.started = 0;   // new games answered (the tests wait for it)
    this.reveal = 0;    // the turn just answered: its row flips once (none with reduced motion)
    if (confirm) this.confirming(confirm);
  }

  // Give up asks first: the button gives way to the question and its two answers.
  confirming({ button, box }) {
    const show = (asking) => { button.hidden = asking; box.hidden = !asking; };
    this.unconfirm = () => { box.hidden = true; };
    button.addEventListener("click", () => { if (this.game && !this.game.over) { show(true); box.querySelector(".no").focus(); } });
    box.querySelector(".no").addEventListener("click", () => { show(false); this.grid.focus(); });
    box.querySelector(".yes").addEventListener("click", () => { box.hidden = true; this.giveUp(); });
  }

  // The newest row when it was just answered (and forget it: a redraw while typing does not flip it again).
  revealed() {
    const turn = this.reveal;
    this.reveal = 0;
    return turn;
  }

  // Empty the grid for a redraw; return what to draw ({game, typed, pending, grid, reveal}), or null before a game.
  redrawn() {
    this.grid.replaceChildren();
    return this.game && { game: this.game, typed: this.typed, pending: this.pending, grid: this.grid, reveal: this.revealed() };
  }

  async ask(path, body, fresh = false) {
    const mine = ++this.asked;
    this.busy = true;
    if (fresh) { this.pending = ""; this.queued = false; }
    try {
      const answer = await call(path, body);
      if (mine !== this.asked) return;
      this.reveal = !fresh && body.guess && answer.turns.length > (this.game?.turns.length ?? 0) ? answer.turns.length : 0;
      this.game = answer;
      this.pending = "";
      if (fresh || answer.over) this.typed = "";
      if (fresh) this.started += 1;
      if (!answer.daily?.practice) keep(answer);  // a past day's daily is practice: not in the record
      this.unconfirm?.();
      this.save();
      say(this.message, "");
      this.draw();
      // Away from "New game" (Enter now submits a guess), but never out of a field the player
      // has gone to meanwhile (the boards page's assistant shares the page with the game).
      if (fresh && !typingIn(document.activeElement)) this.grid.focus();
    } catch (error) {
      if (mine !== this.asked) return;
      const refused = body.guess && this.pending;
      if (refused) { this.typed = this.pending; this.pending = ""; this.queued = false; }
      if (fresh && error.status === 409 && this.dailyDone) this.dailyDone(error.message);
      else if (body.guess && (error.status === 409 || error.status === 400)) {  // a word the game does not take: a toast, the row shakes
        toast(error.message);
        say(this.message, "");
        this.draw();
        const row = this.grid.querySelector(".row.current");
        row?.classList.add("shake");
      } else {
        say(this.message, said(error), true);
        if (refused) this.draw();
      }
    } finally {
      if (mine === this.asked) this.busy = false;
    }
    if (mine === this.asked && this.queued) {
      this.queued = false;
      this.key("enter");
    }
  }

  // A new day opens on its daily: a game kept (in localStorage `store`) from another day, or none,
  // gives way to today's, the `host` picker set to it. Return whether a new game was asked for.
  newDay(store, host) {
    const saved = load(store);
    if (this.busy || (saved && saved.day === today() && this.game)) return false;
    host.value = "daily";
    this.newGame();
    return true;
  }

  // Start a game in the page's setting; a daily for the player's own date (the server takes a
  // day either side of its own). `day`: a past day's daily, played as practice.
  newGame(event, day = null) {
    event?.preventDefault();
    const body = this.request();
    if (body.host === "daily") {
      body.day = day || today();
      if (day) body.practice = true;
      else body.previous = recentTokens();  // one attempt a day: resumed or refused
    }
    return this.ask(this.paths.start, body, true);
  }

  giveUp() {
    if (!this.game || this.game.over || this.busy) return;
    return this.ask(this.paths.giveUp, { token: this.game.token });
  }

  key(k) {
    const game = this.game;
    if (!game || game.over) return;
    if (k === "enter") {
      if (this.typed && game.length && letters(this.typed).length < game.length) {
        toast(`Not enough ${game.symbols || "letters"}: ${game.length} needed`);
        return;
      }
      if (!this.typed) return;
      if (this.busy) { this.queued = Boolean(this.pending); return; }  // sent once the guess in flight is answered
      this.pending = this.typed;
      this.typed = "";
      this.draw();
      this.ask(this.paths.guess, { token: game.token, guess: this.pending });
      return;
    }
    if (k === "back") this.typed = letters(this.typed).slice(0, -1).join("");
    else if (!game.length || letters(this.typed).length < game.length) this.typed += k;
    this.draw();
  }

  copy(node) { return copyText(node.textContent, node); }
}
