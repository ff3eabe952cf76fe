// The game screen: board, hands or reserves, clocks, journal with review,
// resign and draw controls, record export, announcements for screen readers.
import { analysisHash } from "./analysis";
import { command } from "./blind";
import { chooseMove } from "./choice";
import { api, GameSocket, type CreateOptions, type SocketMessage } from "./api";
import { BoardView } from "./board";
import { formatClock, journal, MoveInput, type Action } from "./controller";
import { absenceText, claimLabel, claimWait, endActions, isOver, resultText } from "./ending";
import { renderHands } from "./hands";
import { pieceSvg } from "./pieces";
import { matchPremove, premoveCandidates, premoveOf, premoveText, type Premove } from "./premove";
import { notFoundPage } from "./notices";
import { offerNews, rematchButtons, rematchControls, takebackButtons, takebackControls } from "./offers";
import { playerTag, ratingChanges } from "./players";
import { keyStep, positionName, reviewStatus, stepsEnabled, stepTo, type Shown, type Step } from "./review";
import { rulesPage } from "./rules";
import type { BoardState, GameState, LegalMove, PositionView, Side } from "./types";
import { bindSettings, loadSettings, settingsMarkup } from "./settings";
import { play } from "./sound";
import { surplus } from "./material";
import { findVariant, gameTitle, handName, legend, listWords, markMeanings, pieceNames, variants, type VariantInfo } from "./variants";

export function tokenFor(id: string): string {
  return localStorage.getItem(`chimera.token.${id}`) ?? "";
}

export function saveToken(id: string, token: string) {
  localStorage.setItem(`chimera.token.${id}`, token);
}

// Squares of a move from its LAN: from and to, or the drop square twice.
export function moveSquares(lan: string, squares: string[]): { from: string; to: string } | null {
  if (lan.includes("@")) {
    const to = lan.slice(lan.indexOf("@") + 1);
    return { from: to, to };
  }
  const longest = (text: string) => squares.filter((n) => text.startsWith(n)).sort((a, b) => b.length - a.length)[0];
  const from = longest(lan);
  if (!from) return null;
  return { from, to: longest(lan.slice(from.length)) ?? from };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class GameScreen {
  private state: GameState | null = null;
  private input = new MoveInput();
  private board: BoardView;
  private socket: GameSocket;
  private receivedAt = 0;
  private timer: number;
  private review: number | null = null; // the ply under review, 0 the start
  private wanted: Shown = null; // the ply last asked for, so quick steps add up
  private reviewView: PositionView | null = null;
  private shownPlies = 0; // journal length last drawn, to scroll to new moves
  private reviewTicket = 0; // the latest review request; older answers are dropped
  private lastAnnounced = -1;
  private destroyed = false;
  private announcedOffer: string | null = null;
  private announcedEnd = ""; // the result or abort last announced
  private announcedAbsence = "";
  private confirmingResign = false;
  private premove: Premove | null = null; // set while the opponent is to move (premove.ts) // the in-page "Resign this game?" is showing
  private piecesBefore = -1; // on the board and off it, at the last state: fewer after a capture
  private warnedLow = false; // the low-time sound has played for this turn
  private material: Record<Side, string> = { white: "", black: "" }; // each side's surplus, drawn
  private flipInitialised = false;
  private info: VariantInfo | undefined; // the variant's descriptor, once the first state names it
  private known: VariantInfo[] = [];
  private names: Record<string, string> = pieceNames();

  constructor(private root: HTMLElement, id: string) {
    const token = tokenFor(id);
    root.innerHTML = `
      <div class="game-layout">
        <section class="board-area" aria-label="Board">
          <div class="hand" id="hand-top"></div>
          <div id="board" class="board-host"></div>
          <div class="hand" id="hand-bottom"></div>
          <div id="review-banner" class="review-banner" hidden><span id="live-status"></span> <button type="button" id="live-btn">Back to the game</button></div>
        </section>
        <aside class="panel" aria-label="Game">
          <h1 id="title"></h1>
          <div class="clock" id="clock-top"></div>
          <p id="status" class="status"></p>
          <form id="sr-form" class="sr-form" hidden>
            <label for="sr-command">Move or command (h for help)</label>
            <input id="sr-command" autocomplete="off" spellcheck="false" aria-describedby="sr-reply">
            <button type="submit">Enter</button>
            <p id="sr-reply" class="sr-reply" role="status" aria-live="polite"></p>
          </form>
          <div class="clock" id="clock-bottom"></div>
          <div class="actions" id="actions"></div>
          <p id="invite" class="invite" hidden></p>
          <h2>Moves</h2>
          <p id="hint" class="hint" hidden></p>
          <div class="review-nav" role="group" aria-label="Step through the moves">
            <button type="button" id="review-start" class="ply-start" aria-keyshortcuts="Home">Start position</button>
            <button type="button" id="review-prev" aria-label="Previous position" aria-keyshortcuts="PageUp">Previous</button>
            <button type="button" id="review-next" aria-label="Next position" aria-keyshortcuts="PageDown">Next</button>
            <button type="button" id="review-live" aria-label="Live game" aria-keyshortcuts="End">Live</button>
          </div>
          <ol id="journal" class="journal"></ol>
          <div class="links" id="links"><a href="#/">Home</a></div>
          <p id="explain" class="hint" role="status" hidden></p>
          <details class="legend"><summary>Pieces</summary><ul id="legend"></ul></details>
          <details class="legend marks-legend" id="marks-legend" hidden><summary>Marks on the board</summary><ul id="marks"></ul></details>
          ${settingsMarkup()}
          <div id="live" class="sr-only" aria-live="polite" role="status"></div>
          <p id="error" class="error" role="alert"></p>
        </aside>
      </div>
      <dialog id="ended" aria-labelledby="ended-title"><h2 id="ended-title"></h2><p id="ended-reason"></p><div class="actions" id="ended-rematch"></div><div class="actions" id="ended-actions"></div></dialog>
      <dialog id="promotion" aria-labelledby="promotion-title"><h2 id="promotion-title">Promote to</h2><div id="promotion-options" class="promotion-options"></div><button type="button" id="promotion-cancel">Cancel</button></dialog>`;
    this.board = new BoardView(root.querySelector("#board")!, this.input, (a) => this.onAction(a));
    // States wait for the variant list (asked for once per page load), so
    // the first drawing already has the variant's names and numbering.
    const ready = variants().then((list) => {
      this.known = list;
    }, () => undefined);
    this.socket = new GameSocket(
      id,
      token,
      (s) => void ready.then(() => this.onState(s)),
      (m) => this.onMessage(id, m),
      (retryMs) => this.error(`Connection lost; reconnecting in ${Math.ceil(retryMs / 1000)} s…`),
    );
    this.timer = window.setInterval(() => this.tickClocks(), 200);
    bindSettings(root);
    // The screen-reader mode's command box (blind.ts), shown while the setting is on.
    const showCommands = () => (this.$("#sr-form").hidden = !loadSettings().blind);
    showCommands();
    root.querySelector("#settings")?.addEventListener("change", showCommands);
    this.$("#sr-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = this.$("#sr-command") as HTMLInputElement;
      this.onCommand(input.value);
      input.value = "";
    });
    root.querySelector("#promotion-cancel")!.addEventListener("click", () => (root.querySelector("#promotion") as HTMLDialogElement).close());
    root.querySelector("#review-start")!.addEventListener("click", () => this.step("start"));
    root.querySelector("#review-prev")!.addEventListener("click", () => this.step("prev"));
    root.querySelector("#review-next")!.addEventListener("click", () => this.step("next"));
    root.querySelector("#review-live")!.addEventListener("click", () => this.step("live"));
    root.querySelector("#live-btn")!.addEventListener("click", () => this.backToLive());
    root.querySelector(".game-layout")!.addEventListener("keydown", (e) => this.onKey(e as KeyboardEvent));
  }

  // Keys that step through the journal (on an entry, or on the board while
  // reviewing: the board keeps its arrows), and Escape, which clears the
  // selection wherever the focus is (the board handles it itself; the
  // promotion dialog closes on its own).
  private onKey(ev: KeyboardEvent) {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || !this.state) return;
    const target = ev.target as HTMLElement;
    const entry = target.closest<HTMLElement>("#journal [data-ply], #review-start");
    const onBoard = target.closest("#board") !== null && this.review !== null;
    const step = entry || onBoard ? keyStep(ev.key, entry !== null) : null;
    if (step) {
      ev.preventDefault();
      // On an entry, the arrows step from that entry and the focus follows.
      const from = entry && ev.key.startsWith("Arrow") ? this.entryPly(entry) : this.wanted;
      this.goTo(stepTo(from, this.state.moves.length, step), entry !== null);
      return;
    }
    if (ev.key !== "Escape") return;
    const s = this.input.selection;
    if (s.square === null && s.reserve === null && !this.premove) return;
    ev.preventDefault();
    this.onAction(this.input.clear());
  }

  // The ply a journal control stands for: the last entry is the live game.
  private entryPly(el: HTMLElement): Shown {
    const ply = el.id === "review-start" ? 0 : Number(el.dataset.ply);
    return ply >= this.state!.moves.length ? null : ply;
  }

  private step(step: Step) {
    if (this.state) this.goTo(stepTo(this.wanted, this.state.moves.length, step), false);
  }

  private goTo(target: Shown, focusEntry: boolean) {
    if (target === null) this.backToLive(focusEntry);
    else void this.showPly(target, focusEntry);
  }

  // A game that does not exist gets a page that says so (the socket has
  // stopped); other errors are shown until the next state.
  private onMessage(id: string, m: SocketMessage) {
    if (this.destroyed) return;
    if (m.type === "ack" && m.of === "rematch" && m.id && m.token) return this.goToRematch(m.id, m.token);
    if (m.type !== "error") return;
    if (m.status !== 404) return this.error(m.message ?? "error");
    this.destroy();
    this.root.innerHTML = notFoundPage(id);
    this.root.querySelector<HTMLElement>("h1")?.focus();
  }

  destroy() {
    this.destroyed = true;
    this.socket.close();
    clearInterval(this.timer);
  }

  private $(sel: string): HTMLElement {
    return this.root.querySelector(sel)!;
  }

  private error(message: string) {
    if (this.destroyed) return;
    this.$("#error").textContent = message;
  }

  private announce(text: string) {
    this.$("#live").textContent = text;
  }

  // The end of a game seen while the page was open: the result and why, a
  // rematch (against the computer with the colours swapped, or on this
  // device), a new game, or back to the board.
  private showEnd(s: GameState, end: string) {
    const dialog = this.$("#ended") as HTMLDialogElement;
    const m = /^(.*?)(?: \((.*)\))?\.$/.exec(end);
    this.$("#ended-title").textContent = m ? m[1] : end;
    this.$("#ended-reason").textContent = (m?.[2] ? `${m[2][0].toUpperCase()}${m[2].slice(1)}.` : "") + (ratingChanges(s) ? ` Ratings: ${ratingChanges(s)}` : "");
    const mine = s.you === "white" || s.you === "black" ? s.you : null;
    const rematch = s.mode === "local" ? "Rematch" : s.mode === "computer" && mine ? `Rematch (you play ${mine === "white" ? "Black" : "White"})` : "";
    this.$("#ended-actions").innerHTML =
      (rematch ? `<button type="button" id="rematch" class="primary">${rematch}</button>` : "") +
      `<a class="button" href="#/" id="new-game-link">New game</a><a class="button" href="${this.analysisLink(s)}" id="ended-analyse">Analyse</a><button type="button" id="ended-close">Back to the board</button>`;
    this.$("#ended-analyse").addEventListener("click", () => dialog.close());
    this.$("#ended-close").addEventListener("click", () => dialog.close());
    this.$("#new-game-link").addEventListener("click", () => dialog.close());
    this.root.querySelector("#rematch")?.addEventListener("click", () => void this.rematch(s, mine));
    this.renderRematch(s);
    if (!dialog.open) dialog.showModal();
    (this.root.querySelector<HTMLElement>("#rematch, #ended-rematch [data-act]") ?? this.$("#ended-close")).focus();
  }

  // Our seat in the online rematch (asked with this game's token): its page.
  private goToRematch(id: string, token: string) {
    saveToken(id, token);
    const dialog = this.$("#ended") as HTMLDialogElement;
    if (dialog.open) dialog.close();
    location.hash = `#/game/${id}`;
  }

  // The rematch controls, in the end dialog and on the panel (offers.ts).
  private renderRematch(s: GameState) {
    const html = rematchButtons(rematchControls(s));
    for (const sel of ["#ended-rematch", "#rematch-panel"]) {
      const el = this.root.querySelector<HTMLElement>(sel);
      if (!el || el.innerHTML === html) continue;
      el.innerHTML = html;
      el.querySelectorAll<HTMLElement>("[data-act]").forEach((b) =>
        b.addEventListener("click", () => {
          const act = b.dataset.act;
          if (act === "rematch-offer" || act === "rematch-accept" || act === "rematch-go") this.socket.send({ type: "rematch", action: act === "rematch-accept" ? "accept" : "offer" });
          else if (act === "rematch-decline" || act === "rematch-cancel") this.socket.send({ type: "rematch", action: "decline" });
        }),
      );
    }
  }

  // The analysis board on this game, at the ply shown.
  private analysisLink(s: GameState): string {
    return analysisHash({ variant: s.variant, fen: s.start_fen, moves: s.moves.map((m) => m.lan), ply: this.review ?? s.moves.length, game: s.id });
  }

  // The same game again: variant, start, level and clock; the colours swapped.
  private async rematch(s: GameState, mine: Side | null) {
    const options: CreateOptions = { variant: s.variant, mode: s.mode, fen: s.start_fen };
    if (s.formation) options.formation = s.formation;
    if (s.clock) {
      options.base_seconds = Math.round(s.clock.base_ms / 1000);
      options.increment_seconds = Math.round(s.clock.inc_ms / 1000);
    }
    if (s.mode === "computer") {
      options.level = s.level;
      options.side = mine === "white" ? "black" : "white";
    }
    try {
      const created = await api.create(options);
      saveToken(created.id, created.token);
      (this.$("#ended") as HTMLDialogElement).close();
      location.hash = `#/game/${created.id}`;
    } catch (err) {
      this.$("#ended-reason").textContent = `No rematch: ${(err as Error).message}`;
    }
  }

  // Copies the invitation to the clipboard; where the page may not use the
  // clipboard (an address other than localhost without TLS), selects the
  // link's text for the player to copy.
  private async copyInvite(link: string) {
    const button = this.root.querySelector<HTMLButtonElement>("#copy-invite");
    try {
      await navigator.clipboard.writeText(link);
      if (button) button.textContent = "Copied";
      this.announce("The invitation link is copied.");
    } catch {
      const anchor = this.root.querySelector("#invite-link");
      if (anchor) window.getSelection()?.selectAllChildren(anchor);
      this.announce("The link is selected: copy it with Ctrl+C.");
    }
  }

  private mySide(): Side | "both" | null {
    return this.state?.you ?? null;
  }

  private canMove(): boolean {
    const s = this.state;
    if (!s || isOver(s) || this.review !== null) return false;
    return s.you === "both" || s.you === s.turn;
  }

  // A player waiting for the opponent (the computer, or someone online) may set one premove.
  private canPremove(): boolean {
    const s = this.state;
    if (!s || isOver(s) || this.review !== null) return false;
    return (s.you === "white" || s.you === "black") && s.you !== s.turn;
  }

  // The moves the board offers now: the legal ones on our turn, else the
  // premove candidates (premove.ts).
  private offerMoves() {
    const s = this.state!;
    if (this.canPremove()) this.input.setLegal(premoveCandidates(s.board, s.you as Side), true);
    else this.input.setLegal(s.legal_moves, this.canMove());
  }

  // On our turn: the premove set, if it is legal now, is played at once.
  private playPremove(s: GameState): boolean {
    const p = this.premove;
    if (!p || !this.canMove() || s.you === "both") return false;
    this.premove = null;
    const m = matchPremove(p, s.legal_moves);
    if (!m) {
      this.announce(`The premove ${premoveText(p)} is not legal now; it is dropped.`);
      return false;
    }
    this.send(m.lan);
    return true;
  }

  private onState(s: GameState) {
    if (this.destroyed) return;
    if (this.info?.id !== s.variant) {
      this.info = findVariant(this.known, s.variant);
      this.names = pieceNames(this.info);
    }
    const before = this.state;
    this.state = s;
    this.receivedAt = performance.now();
    this.error("");
    // A rematch that starts while the page is open takes its players to it.
    const rematch = rematchControls(s);
    if (rematch.kind === "started" && rematch.player && before && !before.rematch?.game) this.socket.send({ type: "rematch", action: "offer" });
    if (!this.flipInitialised) {
      this.board.flipped = s.you === "black";
      this.flipInitialised = true;
    }
    if (isOver(s)) this.premove = null;
    this.offerMoves();
    this.announceChanges(s, before);
    this.playPremove(s);
    this.render();
  }

  private announceChanges(s: GameState, before: GameState | null) {
    const n = s.moves.length;
    const end = resultText(s);
    const absence = absenceText(s, null);
    const pieces = [...s.board.pieces].filter((c) => c !== ".").length + s.board.hands.white.length + s.board.hands.black.length;
    if (this.lastAnnounced >= 0 && n > this.lastAnnounced) {
      const mover = (n - 1) % 2 === 0 === (s.start_fen.split(" ")[1] !== "b") ? "White" : "Black";
      this.announce(`${mover} played ${s.moves[n - 1].san}.${end ? " " + end : ""}`);
      // Pieces leave the game only by capture (a drop moves one onto the board).
      play(end ? "end" : s.board.checked.length > 0 ? "check" : pieces < this.piecesBefore ? "capture" : "move");
      if (end) this.showEnd(s, end);
    } else if (end && end !== this.announcedEnd) {
      // An end without a move (resignation, agreed draw, time, abort) is announced too.
      this.announce(end);
      if (this.announcedEnd !== "" || this.lastAnnounced >= 0) play("end");
      if (this.lastAnnounced >= 0) this.showEnd(s, end);
    } else if (s.draw_offer && s.draw_offer !== this.announcedOffer && !isOver(s)) {
      this.announce(`${s.draw_offer === "white" ? "White" : "Black"} offers a draw.`);
    } else if (absence && absence !== this.announcedAbsence) {
      this.announce(absence);
    } else if (offerNews(before, s)) {
      this.announce(offerNews(before, s));
    }
    this.lastAnnounced = n;
    this.piecesBefore = pieces;
    this.announcedEnd = end;
    this.announcedOffer = s.draw_offer;
    this.announcedAbsence = absence;
  }

  private onAction(a: Action) {
    this.explainSquare(a.type === "none" || a.type === "clear" ? a.square : undefined);
    if (a.type === "move" && this.canPremove()) {
      const m = this.input.legal.find((x) => x.lan === a.lan);
      if (m) this.premove = premoveOf(m);
      this.input.clear();
      this.render();
      if (this.premove) this.announce(`Premove ${premoveText(this.premove)} set: it is played on your turn if it is legal then. Escape cancels it.`);
      return;
    }
    if (a.type === "clear" && this.premove) {
      this.premove = null;
      this.announce("Premove cancelled.");
    }
    if (a.type === "move") return this.send(a.lan);
    if (a.type === "choose") return this.choose(a.options);
    this.render();
  }

  // A click on a piece that cannot move, where the variant says why (a
  // dormant piece): the reason, shown and read out; any other action clears it.
  private explainSquare(square: string | undefined) {
    const el = this.$("#explain");
    const board = this.state ? this.shownBoard() : null;
    const i = square && board ? board.squares.indexOf(square) : -1;
    const why = markMeanings(this.info).dormant;
    if (i < 0 || !board || board.dormant[i] !== "1" || !why) {
      el.hidden = true;
      el.textContent = "";
      return;
    }
    el.hidden = false;
    el.textContent = `The ${this.names[board.pieces[i].toUpperCase()] ?? "piece"} on ${square} cannot move. ${why}`;
  }

  // A line of the command box: a move goes to the server (its refusal is
  // shown and read as an error), anything else is answered in the box's reply.
  private onCommand(line: string) {
    const s = this.state;
    if (!s) return;
    const r = command(line, s, this.names, handName(this.info), performance.now() - this.receivedAt);
    const reply = this.$("#sr-reply");
    if ("say" in r) {
      reply.textContent = r.say;
      return;
    }
    if (!this.canMove()) {
      reply.textContent = isOver(s) ? "The game is over." : "It is not your move.";
      return;
    }
    reply.textContent = `Playing ${r.move}…`;
    this.send(r.move);
  }

  private send(lan: string) {
    this.premove = null; // a move made replaces the premove
    this.socket.send({ type: "move", move: lan });
    this.input.clear();
  }

  private choose(options: LegalMove[]) {
    // Usually a promotion; a King step and a castling can also share both squares.
    chooseMove(this.root, options, this.state?.turn, this.names, (lan) => this.send(lan));
  }


  private render() {
    const s = this.state;
    if (!s) return;
    const focus = this.focusKey();
    this.$("#title").textContent = gameTitle(this.info, s.variant, s.formation);
    this.renderBoard();
    this.renderHands();
    this.renderStatus();
    this.renderActions();
    this.renderJournal();
    this.renderSteps();
    this.tickClocks();
    const invite = this.$("#invite");
    if (s.invite) {
      const link = `${location.origin}${location.pathname}#/join/${s.id}/${s.invite}`;
      invite.hidden = false;
      invite.innerHTML = `Invite a friend with this link: <a href="${link}" id="invite-link">${escapeHtml(link)}</a> <button type="button" id="copy-invite">Copy link</button>`;
      invite.querySelector("#copy-invite")!.addEventListener("click", () => void this.copyInvite(link));
    } else {
      invite.hidden = true;
    }
    this.$("#legend").innerHTML = legend(this.info)
      .map((p) => `<li>${pieceSvg(p.letter)}<span>${escapeHtml(p.name)}</span></li>`)
      .join("");
    // The variant's own marks, each drawn as on the board, with its meaning.
    const marks = this.info?.marks ?? [];
    this.$("#marks-legend").hidden = marks.length === 0;
    this.$("#marks").innerHTML = marks
      .map((m) => `<li data-mark="${escapeHtml(m.mark)}"><span class="swatch swatch-${escapeHtml(m.mark)}" aria-hidden="true"></span><span>${escapeHtml(m.meaning)}</span></li>`)
      .join("");
    const hint = this.$("#hint");
    const tip = rulesPage(s.variant)?.hint ?? "";
    hint.hidden = !(tip && s.moves.length === 0);
    hint.textContent = tip;
    this.restoreFocus(focus);
  }

  // Which control has the focus, as a selector that finds its successor
  // after the panels are redrawn (the board keeps its own focus).
  private focusKey(): string | null {
    const a = document.activeElement as HTMLElement | null;
    if (!a || !this.root.contains(a) || a.closest("#board")) return null;
    if (a.dataset.reserve) return `[data-side="${a.dataset.side}"][data-reserve="${a.dataset.reserve}"]`;
    if (a.dataset.ply) return `#journal [data-ply="${a.dataset.ply}"]`;
    return a.id ? `#${a.id}` : null;
  }

  // Gives the focus back to the redrawn control, or to the board when the
  // control is gone or disabled (a spent reserve piece, a detonation made).
  private restoreFocus(key: string | null) {
    if (key === null) return;
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    const el = this.root.querySelector<HTMLElement>(key);
    if (el && !(el as HTMLButtonElement).disabled && el.offsetParent !== null) el.focus();
    else this.board.focusCurrent();
  }

  // The position shown: the one under review, else the live one.
  private shownBoard(): BoardState {
    return this.review !== null && this.reviewView ? this.reviewView.board : this.state!.board;
  }

  private renderBoard() {
    const s = this.state!;
    const plies = this.review ?? s.moves.length;
    const board = this.shownBoard();
    // The material balance of the position shown, beside each side's clock.
    const more = surplus(board);
    for (const side of ["white", "black"] as const) {
      const letters = more[side];
      const names = letters.map((l) => this.names[l] ?? l);
      this.material[side] = letters.length
        ? ` <span class="material" role="img" aria-label="up ${escapeHtml(listWords(names))}">${letters.map((l) => pieceSvg(side === "white" ? l : l.toLowerCase())).join("")}</span>`
        : "";
    }
    const last = plies > 0 ? moveSquares(s.moves[plies - 1].lan, board.squares) : null;
    const pre = this.review === null ? this.premove : null;
    this.board.render(board, {
      lastMove: last,
      interactive: this.canMove() || this.canPremove(),
      names: this.names,
      meanings: markMeanings(this.info),
      premove: pre ? [pre.from, pre.to].filter(Boolean) : [],
      hideMarks: this.canPremove(),
    });
  }

  private renderHands() {
    const s = this.state!;
    renderHands(this.$("#hand-top"), this.$("#hand-bottom"), {
      hands: this.shownBoard().hands,
      bottom: this.board.flipped ? "black" : "white",
      turn: this.canPremove() ? (s.you as Side) : s.turn,
      canMove: this.canMove() || this.canPremove(),
      title: handName(this.info),
      names: this.names,
    }, this.input, (a) => this.onAction(a));
  }

  // The live game's state: result, or turn, check and draw offer.
  private liveStatus(): string {
    const s = this.state!;
    let text: string;
    if (isOver(s)) text = resultText(s);
    else {
      const turn = s.turn === "white" ? "White" : "Black";
      const check = s.board.checked.length ? " — check!" : "";
      const mine = s.you === "both" || s.you === s.turn;
      const yours = mine ? " (your move)" : s.seats[s.turn] === "computer" ? " (the computer is thinking)" : "";
      text = `${turn} to move${check}${yours}`;
    }
    if (s.draw_offer && !isOver(s)) text += `. ${s.draw_offer === "white" ? "White" : "Black"} offers a draw.`;
    const away = absenceText(s, this.claimWait());
    if (away) text += text.endsWith(".") ? ` ${away}` : `. ${away}`;
    return text;
  }

  private numbering() {
    return this.info?.numbering ?? "moves";
  }

  private blackFirst(): boolean {
    return this.state!.start_fen.split(" ")[1] === "b";
  }

  // The position shown, named as the journal numbers it.
  private reviewName(ply: number): string {
    const s = this.state!;
    return positionName(s.moves.map((m) => m.san), ply, this.numbering(), this.blackFirst());
  }

  // The status line says what the board shows; while reviewing, the banner
  // keeps the live game's state in view.
  private renderStatus() {
    const s = this.state!;
    const live = this.liveStatus();
    const banner = this.$("#review-banner");
    banner.hidden = this.review === null;
    if (this.review === null) {
      this.$("#status").textContent = live;
      return;
    }
    this.$("#status").textContent = reviewStatus(s.moves.map((m) => m.san), this.review, this.numbering(), this.blackFirst(), isOver(s));
    this.$("#live-status").textContent = `In the game: ${live}`;
  }

  // Previous, Next and Live are disabled at the ends; a button that becomes
  // disabled under the focus hands it to its neighbour.
  private renderSteps() {
    const on = stepsEnabled(this.review, this.state!.moves.length);
    const button = (sel: string) => this.$(sel) as HTMLButtonElement;
    const buttons = { prev: button("#review-prev"), next: button("#review-next"), live: button("#review-live") };
    const focused = document.activeElement;
    for (const [k, b] of Object.entries(buttons)) b.disabled = !on[k as keyof typeof on];
    if (focused instanceof HTMLButtonElement && focused.disabled && Object.values(buttons).includes(focused)) {
      const next = [buttons.prev, buttons.next].find((b) => !b.disabled);
      if (next) next.focus();
      else this.board.focusCurrent();
    }
  }

  private renderActions() {
    const s = this.state!;
    const you = this.mySide();
    const playing = you !== null && !isOver(s);
    const ends = endActions(s);
    const people = s.mode !== "computer";
    const offerFromOpponent = s.draw_offer !== null && (you === "both" || s.draw_offer !== you);
    const det = this.input.detonation();
    const cleared = det ? det.captures.filter((c) => c !== det.from) : [];
    const buttons: string[] = [`<button type="button" id="flip">Flip board</button>`];
    if (det) buttons.push(`<button type="button" id="detonate" class="danger">Detonate ${det.from}: removes ${cleared.length ? cleared.join(", ") : "nothing"}</button>`);
    buttons.push(takebackButtons(takebackControls(s)));
    if (ends.abort) buttons.push(`<button type="button" id="abort">Abort</button>`);
    if (ends.resign && this.confirmingResign)
      buttons.push(`<span role="group" aria-labelledby="resign-question" class="confirm"><span id="resign-question">Resign this game?</span> <button type="button" id="resign-yes" class="danger">Yes, resign</button><button type="button" id="resign-no">No, play on</button></span>`);
    else if (ends.resign) buttons.push(`<button type="button" id="resign">Resign</button>`);
    if (ends.claim) {
      const wait = this.claimWait() ?? 0;
      buttons.push(`<button type="button" id="claim" class="primary" ${wait > 0 ? "disabled" : ""}>${claimLabel(wait)}</button>`);
    }
    if (playing && people && !offerFromOpponent && s.draw_offer === null) buttons.push(`<button type="button" id="offer">Offer draw</button>`);
    if (playing && people && offerFromOpponent) buttons.push(`<button type="button" id="accept">Accept draw</button><button type="button" id="decline">Decline draw</button>`);
    buttons.push(`<span id="rematch-panel"></span>`);
    this.$("#actions").innerHTML = buttons.join("");
    this.renderRematch(s);
    // Analysis only once the game is over, as on lichess: no engine help during a game.
    const analyse = isOver(s) ? `<a href="${this.analysisLink(s)}" id="analyse">Analyse</a> · ` : "";
    this.$("#links").innerHTML = `${analyse}<a href="/api/games/${s.id}/record" download="chimera-${s.id}.pgn" id="export">Export record</a> · <a href="#/rules/${s.variant}">Rules</a> · <a href="#/">Home</a>`;
    this.root.querySelector("#flip")?.addEventListener("click", () => {
      this.board.flipped = !this.board.flipped;
      this.render();
    });
    const detonate = this.root.querySelector("#detonate");
    if (det && detonate) {
      detonate.addEventListener("click", () => this.send(det.lan));
      const show = () => this.board.highlight(cleared);
      const hide = () => this.board.highlight([]);
      detonate.addEventListener("mouseenter", show);
      detonate.addEventListener("focus", show);
      detonate.addEventListener("mouseleave", hide);
      detonate.addEventListener("blur", hide);
    }
    // Resigning asks first, in the page: the question takes the button's
    // place with the focus on "No"; Escape or "No" puts the button back.
    const askResign = (asking: boolean) => {
      this.confirmingResign = asking;
      this.renderActions();
      (this.root.querySelector(asking ? "#resign-no" : "#resign") as HTMLElement | null)?.focus();
    };
    this.root.querySelector("#resign")?.addEventListener("click", () => askResign(true));
    this.root.querySelector("#resign-no")?.addEventListener("click", () => askResign(false));
    this.root.querySelector(".confirm")?.addEventListener("keydown", (e) => {
      if ((e as KeyboardEvent).key !== "Escape") return;
      e.stopPropagation();
      askResign(false);
    });
    this.root.querySelector("#resign-yes")?.addEventListener("click", () => {
      this.confirmingResign = false;
      this.socket.send({ type: "resign" });
    });
    this.root.querySelector("#abort")?.addEventListener("click", () => this.socket.send({ type: "abort" }));
    this.root.querySelector("#takeback")?.addEventListener("click", () => {
      this.premove = null;
      this.socket.send({ type: "takeback" });
    });
    this.root.querySelector("#takeback-accept")?.addEventListener("click", () => this.socket.send({ type: "takeback", action: "accept" }));
    this.root.querySelector("#takeback-decline")?.addEventListener("click", () => this.socket.send({ type: "takeback", action: "decline" }));
    this.root.querySelector("#claim")?.addEventListener("click", () => this.socket.send({ type: "claim" }));
    this.root.querySelector("#offer")?.addEventListener("click", () => this.socket.send({ type: "draw", action: "offer" }));
    this.root.querySelector("#accept")?.addEventListener("click", () => this.socket.send({ type: "draw", action: "accept" }));
    this.root.querySelector("#decline")?.addEventListener("click", () => this.socket.send({ type: "draw", action: "decline" }));
  }

  private renderJournal() {
    const s = this.state!;
    const lines = journal(s.moves.map((m) => m.san), this.numbering(), this.blackFirst());
    let ply = 0;
    const list = this.$("#journal");
    list.innerHTML = lines
      .map((l) => `<li><span class="num">${l.number}</span>${l.moves.map((m) => {
          ply += 1;
          const current = this.review === ply;
          return `<button type="button" class="ply${current ? " current" : ""}" data-ply="${ply}" aria-current="${current}">${escapeHtml(m)}</button>`;
        }).join(" ")}</li>`)
      .join("");
    list.querySelectorAll<HTMLButtonElement>("button[data-ply]").forEach((b) =>
      b.addEventListener("click", () => this.goTo(this.entryPly(b), false)),
    );
    const start = this.$("#review-start");
    start.classList.toggle("current", this.review === 0);
    start.setAttribute("aria-current", String(this.review === 0));
    // A new move scrolls the journal to it, unless an earlier one is being reviewed.
    if (this.review === null && s.moves.length > this.shownPlies) list.scrollTop = list.scrollHeight;
    this.shownPlies = s.moves.length;
  }

  // Reviews the position after a ply (0: the start) without disturbing the
  // live game. Entering the review is announced, and so is each step unless
  // the focus moves to the journal entry (which is then read out itself).
  private async showPly(ply: number, focusEntry = false) {
    const s = this.state!;
    if (ply >= s.moves.length) return this.backToLive(focusEntry);
    const ticket = ++this.reviewTicket;
    this.wanted = ply;
    try {
      const view = await api.ply(s.id, ply);
      if (this.destroyed || ticket !== this.reviewTicket) return;
      const entering = this.review === null;
      this.review = ply;
      this.reviewView = view;
      this.input.clear();
      this.input.setLegal(s.legal_moves, false);
      this.render();
      if (entering) this.announce(`Reviewing ${this.reviewName(ply)}. The game goes on; Live returns to it.`);
      else if (!focusEntry) this.announce(`Showing ${this.reviewName(ply)}.`);
      if (focusEntry) this.focusEntry();
    } catch (e) {
      this.wanted = this.review;
      this.error((e as Error).message);
    }
  }

  private backToLive(focusEntry = false) {
    ++this.reviewTicket;
    this.wanted = null;
    if (this.review === null) {
      if (focusEntry) this.focusEntry();
      return;
    }
    this.review = null;
    this.reviewView = null;
    // The "Back to the game" button is about to be hidden: its focus goes to the board.
    const fromBanner = this.$("#review-banner").contains(document.activeElement);
    this.offerMoves();
    this.playPremove(this.state!); // one set before the review, if the turn came meanwhile
    this.render();
    this.announce(`Back to the game. ${this.liveStatus()}`);
    if (fromBanner) this.board.focusCurrent();
    if (focusEntry) this.focusEntry();
  }

  // Focuses the journal entry of the position shown: the last one when live.
  private focusEntry() {
    const ply = this.review ?? this.state!.moves.length;
    const el = ply === 0 ? this.$("#review-start") : this.$(`#journal [data-ply="${ply}"]`);
    el.focus();
    el.scrollIntoView({ block: "nearest" });
  }

  // Milliseconds until the win can be claimed, counted down since the state
  // arrived; null when there is no claim.
  private claimWait(): number | null {
    const s = this.state;
    if (!s || typeof s.claim_in_ms !== "number") return null;
    return claimWait(s.claim_in_ms, performance.now() - this.receivedAt);
  }

  // The claim button counts down, and is enabled when the time is up; the
  // status line says how long is left (it is redrawn only when it changes).
  private tickClaim() {
    const wait = this.claimWait();
    const button = this.root.querySelector<HTMLButtonElement>("#claim");
    if (wait === null || !button) return;
    const label = claimLabel(wait);
    if (button.textContent !== label) button.textContent = label;
    if (button.disabled !== wait > 0) button.disabled = wait > 0;
    if (this.review === null) {
      const status = this.liveStatus();
      if (this.$("#status").textContent !== status) this.$("#status").textContent = status;
    }
  }

  private tickClocks() {
    const s = this.state;
    if (!s || this.destroyed) return;
    this.tickClaim();
    const bottom: Side = this.board.flipped ? "black" : "white";
    const top: Side = bottom === "white" ? "black" : "white";
    const elapsed = performance.now() - this.receivedAt;
    for (const [where, side] of [["#clock-top", top], ["#clock-bottom", bottom]] as const) {
      const el = this.$(where);
      const seat = s.seats[side];
      const away = seat === "human" && s.mode === "online" && !isOver(s) && s.present && !s.present[side];
      const here = seat === "human" && s.mode === "online" && !isOver(s) && s.present?.[side] === true;
      const name = `${side === "white" ? "White" : "Black"}${playerTag(s, side)}${seat === "computer" ? ` — computer, level ${s.level}` : seat === "you" ? " — you" : seat === "open" ? " — waiting for a player" : away ? " — away" : here ? " — connected" : ""}`;
      if (!s.clock) {
        setHtml(el, `<span class="who">${name}${this.material[side]}</span>`);
        continue;
      }
      const base = side === "white" ? s.clock.white_ms : s.clock.black_ms;
      const running = s.clock.running === side;
      const left = running ? base - elapsed : base;
      // The player's own clock under 10 s: one warning a turn.
      if (seat === "you" && running && left < 10000 && left > 0 && !isOver(s)) {
        if (!this.warnedLow) play("low");
        this.warnedLow = true;
      } else if (seat === "you" && !running) {
        this.warnedLow = false;
      }
      setHtml(el, `<span class="who">${name}${this.material[side]}</span><span class="time${running ? " running" : ""}${left < 20000 ? " low" : ""}" aria-label="${side} clock ${formatClock(left)}">${formatClock(left)}</span>`);
    }
  }
}

// The clocks are redrawn five times a second: an element is rewritten only
// when what it shows has changed (a stopped clock, a game without clocks),
// so that the page does not lay itself out again for nothing.
const shown = new WeakMap<Element, string>();
function setHtml(el: Element, html: string) {
  if (shown.get(el) === html) return;
  shown.set(el, html);
  el.innerHTML = html;
}
