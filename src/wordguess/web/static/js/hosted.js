// A game hosted by the server, shared by the Play and Multi-board pages: new game, the typed
// guess, guess, give up, copy the share text. The game lives in a signed token the page keeps.
// Only the latest request's answer counts: a guess or give-up answered after "New game" is dropped,
// and keys wait while a request is in flight.
import { call } from "./api.js";
import { keep, recentTokens } from "./daily.js";
import { copyText, letters, say, toast } from "./dom.js";

export class HostedGame {
  // paths: {start, guess, giveUp}; request(): the new game's body; draw(): redraw the page;
  // save(): keep the game; message: the page's message line; grid: focused after a new game;
  // dailyDone(message): today's daily was played here (a new game's 409): the page offers another game.
  constructor({ paths, request, draw, save, message, grid, dailyDone }) {
    Object.assign(this, { paths, request, draw, save, message, grid, dailyDone });
    this.game = null;
    this.typed = "";
    this.asked = 0;     // the latest request
    this.busy = false;  // a request is in flight
    this.started = 0;   // new games answered (the tests wait for it)
    this.reveal = 0;    // the turn just answered: its row flips once (none with reduced motion)
  }

  // The newest row when it was just answered (and forget it: a redraw while typing does not flip it again).
  revealed() {
    const turn = this.reveal;
    this.reveal = 0;
    return turn;
  }

  // Empty the grid for a redraw; return what to draw ({game, typed, grid, reveal}), or null before a game.
  redrawn() {
    this.grid.replaceChildren();
    return this.game && { game: this.game, typed: this.typed, grid: this.grid, reveal: this.revealed() };
  }

  async ask(path, body, fresh = false) {
    const mine = ++this.asked;
    this.busy = true;
    try {
      const answer = await call(path, body);
      if (mine !== this.asked) return;
      this.reveal = !fresh && body.guess && answer.turns.length > (this.game?.turns.length ?? 0) ? answer.turns.length : 0;
      this.game = answer;
      if (fresh || !body.guess || this.typed === body.guess) this.typed = "";
      if (fresh) this.started += 1;
      keep(answer);
      this.save();
      say(this.message, "");
      this.draw();
      if (fresh) this.grid.focus();  // away from "New game": Enter now submits a guess
    } catch (error) {
      if (mine !== this.asked) return;
      if (fresh && error.status === 409 && this.dailyDone) this.dailyDone(error.message);
      else if (body.guess && (error.status === 409 || error.status === 400)) {  // a word the game does not take: a toast, the row shakes
        toast(error.message);
        say(this.message, "");
        const row = this.grid.querySelector(".row.current");
        row?.classList.remove("shake");
        void row?.offsetWidth;  // restart the animation
        row?.classList.add("shake");
      } else say(this.message, error.message, true);
    } finally {
      if (mine === this.asked) this.busy = false;
    }
  }

  newGame(event) {
    event?.preventDefault();
    const body = this.request();
    if (body.host === "daily") body.previous = recentTokens();  // one attempt a day: resumed or refused
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
      if (this.typed && !this.busy) this.ask(this.paths.guess, { token: game.token, guess: this.typed });
      return;
    }
    if (k === "back") this.typed = letters(this.typed).slice(0, -1).join("");
    else if (!game.length || letters(this.typed).length < game.length) this.typed += k;
    this.draw();
  }

  copy(node) { return copyText(this.game.share, node); }
}
