// The analysis board: any position of any variant (a finished or imported
// game at any ply, a FEN, the editor's), moves made on the board forming a
// tree of variations, and the server's engine streaming its search (the
// evaluation bar, depth, up to three lines in SAN, the best move's arrow).
// The positions and their legal moves come from GET /api/moves; the client
// decides no rule.
import { chooseMove } from "./choice";
import { api, ApiError } from "./api";
import { editorHash } from "./editor";
import { BoardView } from "./board";
import { MoveInput, type Action } from "./controller";
import { EngineSocket, scoreText, whiteShare, type EngineReport } from "./engine";
import { escapeHtml, moveSquares, saveToken } from "./game";
import { renderHands } from "./hands";
import { notFoundPage } from "./notices";
import { bindSettings, settingsMarkup } from "./settings";
import { curveSvg, MARK_SYMBOL, plyAt, summaryText, type Review, type ReviewMove } from "./reviewcurve";
import { MoveTree, listItems } from "./tree";
import type { LegalMove, PositionView, Side } from "./types";
import { findVariant, handName, markMeanings, pieceNames, variants, type VariantInfo } from "./variants";

export interface AnalysisParams {
  variant: string;
  fen: string; // "" the variant's start position
  moves: string[]; // the main line from it (a game's moves)
  ply: number; // the ply shown first
  game: string; // the game it comes from, if any
}

// "#/analysis/<variant>?fen=..&moves=a+b&ply=n&game=id" (moves separated by spaces).
export function analysisHash(p: Partial<AnalysisParams> & { variant: string }): string {
  const q = new URLSearchParams();
  if (p.fen) q.set("fen", p.fen);
  if (p.moves?.length) q.set("moves", p.moves.join(" "));
  if (p.ply) q.set("ply", String(p.ply));
  if (p.game) q.set("game", p.game);
  const query = q.toString();
  return `#/analysis/${encodeURIComponent(p.variant)}${query ? `?${query}` : ""}`;
}

export function parseAnalysisHash(hash: string): AnalysisParams | null {
  const m = /^#\/analysis\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return null;
  const q = new URLSearchParams(m[2] ?? "");
  const moves = (q.get("moves") ?? "").split(" ").filter(Boolean);
  return { variant: decodeURIComponent(m[1]), fen: q.get("fen") ?? "", moves, ply: Math.max(0, Number(q.get("ply") ?? 0) || 0), game: q.get("game") ?? "" };
}

const OUTCOME_TEXT: Record<string, string> = {
  checkmate: "Checkmate",
  stalemate: "Stalemate",
  "threefold repetition": "Draw by threefold repetition",
  "move-count rule": "Draw by the move-count rule",
  "insufficient material": "Draw: insufficient material",
};

// The number in front of a move in the tree: "12." for White's, "12…" for
// Black's where a line starts or goes on after a variation; every ply has
// its number where the variant counts plies.
export function moveNumber(ply: number, first: boolean, plies: boolean, blackFirst: boolean): string {
  if (plies) return `${ply}.`;
  const index = ply - 1 + (blackFirst ? 1 : 0);
  const n = Math.floor(index / 2) + 1;
  return index % 2 === 0 ? `${n}.` : first ? `${n}…` : "";
}

export class AnalysisScreen {
  private tree = new MoveTree();
  private at = 0; // the node shown
  private positions = new Map<number, PositionView>();
  private input = new MoveInput();
  private board: BoardView;
  private engine: EngineSocket;
  private engineOn = false;
  private report: EngineReport | null = null;
  private reportNode = -1; // the node the report is about
  private info: VariantInfo | undefined;
  private names: Record<string, string> = pieceNames();
  private destroyed = false;
  private ticket = 0;
  private rootFen = "";
  private gameLine: number[] = []; // the game's own moves, by node: the review's plies
  private review: Review | null = null;
  private reviewTimer = 0;
  private onResize = () => this.drawArrow();

  constructor(private root: HTMLElement, private params: AnalysisParams) {
    root.innerHTML = `
      <div class="game-layout analysis-layout">
        <section class="board-area" aria-label="Board">
          <div class="eval-bar" id="eval-bar" role="img" aria-label="No evaluation"><div class="eval-white" id="eval-white"></div></div>
          <div class="hand" id="hand-top"></div>
          <div id="board" class="board-host"><svg class="arrows" id="arrows" aria-hidden="true"></svg></div>
          <div class="hand" id="hand-bottom"></div>
        </section>
        <aside class="panel" aria-label="Analysis">
          <h1 id="title">Analysis board</h1>
          <p id="status" class="status"></p>
          <section class="engine" aria-labelledby="engine-title">
            <div class="engine-head">
              <h2 id="engine-title" class="sr-only">Engine</h2>
              <button type="button" id="engine-toggle" class="primary" aria-pressed="false">Start the engine</button>
              <span id="engine-eval" class="eval" aria-live="off"></span>
              <span id="engine-depth" class="engine-depth"></span>
            </div>
            <ol id="engine-lines" class="engine-lines" aria-label="Engine lines"></ol>
          </section>
          <section class="game-review" id="review-section" aria-labelledby="review-title" hidden>
            <h2 id="review-title">Game review</h2>
            <button type="button" id="review-ask">Review the game</button>
            <p id="review-status" class="hint" role="status"></p>
            <div id="review-curve" class="curve-host"></div>
            <ul id="review-summary" class="review-summary"></ul>
          </section>
          <div class="review-nav" role="group" aria-label="Step through the moves">
            <button type="button" id="nav-start" aria-keyshortcuts="Home">Start</button>
            <button type="button" id="nav-prev" aria-keyshortcuts="ArrowLeft">Previous</button>
            <button type="button" id="nav-next" aria-keyshortcuts="ArrowRight">Next</button>
            <button type="button" id="nav-end" aria-keyshortcuts="End">End</button>
          </div>
          <h2>Moves</h2>
          <div id="tree" class="tree" role="group" aria-label="Moves and variations"></div>
          <div class="actions" id="tree-actions"></div>
          <div class="actions">
            <button type="button" id="flip">Flip board</button>
            <label>Level <select id="level">${[1, 2, 3, 4, 5, 6, 7, 8].map((l) => `<option value="${l}"${l === 4 ? " selected" : ""}>${l}</option>`).join("")}</select></label>
            <button type="button" id="play-here">Play the computer from here</button>
          </div>
          <form id="fen-form" class="fen-form">
            <label for="fen">FEN</label>
            <input id="fen" name="fen" spellcheck="false" autocomplete="off">
            <button type="submit">Load</button>
          </form>
          <div class="links" id="links"></div>
          ${settingsMarkup()}
          <div id="live" class="sr-only" aria-live="polite" role="status"></div>
          <p id="error" class="error" role="alert"></p>
        </aside>
      </div>
      <dialog id="promotion" aria-labelledby="promotion-title"><h2 id="promotion-title">Promote to</h2><div id="promotion-options" class="promotion-options"></div><button type="button" id="promotion-cancel">Cancel</button></dialog>`;
    this.board = new BoardView(root.querySelector("#board")!, this.input, (a) => this.onAction(a));
    this.engine = new EngineSocket((r) => this.onReport(r), (m) => this.error(`Engine: ${m}`));
    bindSettings(root);
    this.$("#engine-toggle").addEventListener("click", () => this.toggleEngine());
    this.$("#review-ask").addEventListener("click", () => void this.loadReview(true));
    this.$("#review-curve").addEventListener("click", (e) => {
      if (!this.review) return;
      const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
      const ply = plyAt(this.review, (e.clientX - box.left) / box.width);
      void this.goTo(ply === 0 ? 0 : this.gameLine[ply - 1] ?? 0);
    });
    this.$("#nav-start").addEventListener("click", () => this.goTo(this.tree.step(this.at, "start")));
    this.$("#nav-prev").addEventListener("click", () => this.goTo(this.tree.step(this.at, "prev")));
    this.$("#nav-next").addEventListener("click", () => this.goTo(this.tree.step(this.at, "next")));
    this.$("#nav-end").addEventListener("click", () => this.goTo(this.tree.step(this.at, "end")));
    this.$("#flip").addEventListener("click", () => {
      this.board.flipped = !this.board.flipped;
      this.render();
    });
    this.$("#play-here").addEventListener("click", () => void this.playHere());
    this.$("#fen-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const fen = (this.$("#fen") as HTMLInputElement).value.trim();
      location.hash = analysisHash({ variant: this.params.variant, fen });
    });
    this.$("#tree").addEventListener("click", (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>("[data-node]");
      if (b) this.goTo(Number(b.dataset.node));
    });
    this.$("#engine-lines").addEventListener("click", (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>("[data-line]");
      if (b) this.playLine(Number(b.dataset.line), Number(b.dataset.move));
    });
    root.querySelector("#promotion-cancel")!.addEventListener("click", () => (this.$("#promotion") as HTMLDialogElement).close());
    root.querySelector(".game-layout")!.addEventListener("keydown", (e) => this.onKey(e as KeyboardEvent));
    window.addEventListener("resize", this.onResize);
    void this.load();
  }

  destroy() {
    this.destroyed = true;
    this.engine.close();
    clearTimeout(this.reviewTimer);
    window.removeEventListener("resize", this.onResize);
  }

  private $(sel: string): HTMLElement {
    return this.root.querySelector(sel)!;
  }

  private error(message: string) {
    if (!this.destroyed) this.$("#error").textContent = message;
  }

  private async load() {
    const list = await variants().catch(() => [] as VariantInfo[]);
    this.info = findVariant(list, this.params.variant);
    if (!this.info) {
      this.root.innerHTML = notFoundPage(this.params.variant).replace(/game/g, "variant");
      return;
    }
    this.names = pieceNames(this.info);
    this.$("#title").textContent = `Analysis · ${this.info.name}`;
    try {
      // A finished game named alone (a player's page links so): its start and moves.
      if (this.params.game && !this.params.fen && this.params.moves.length === 0) {
        const g = await api.state(this.params.game, "");
        if (g.status === "playing") throw new Error("a game in progress is not analysed");
        this.params = { ...this.params, fen: g.start_fen, moves: g.moves.map((m) => m.lan), ply: this.params.ply || g.moves.length };
      }
      // The root and the main line: one request plays every move and names it.
      const start = await api.position(this.params.variant, this.params.fen, []);
      this.rootFen = start.fen;
      this.positions.set(0, start);
      if (this.params.moves.length) {
        const end = await api.position(this.params.variant, this.rootFen, this.params.moves);
        const last = this.tree.addLine(0, end.played ?? []);
        this.positions.set(last.id, end);
        this.gameLine = this.tree.path(last.id).map((n) => n.id);
      }
    } catch (e) {
      this.$("#status").textContent = "This position cannot be analysed.";
      this.error((e as Error).message);
      return;
    }
    if (this.params.game) void this.loadReview(false);
    const line = this.tree.mainline(0);
    const ply = Math.min(this.params.ply || line.length, line.length);
    await this.goTo(ply === 0 ? 0 : line[ply - 1].id);
    this.board.focusCurrent();
  }

  private async position(id: number): Promise<PositionView> {
    const known = this.positions.get(id);
    if (known) return known;
    const p = await api.position(this.params.variant, this.rootFen, this.tree.lans(id));
    this.positions.set(id, p);
    return p;
  }

  private async goTo(id: number) {
    const ticket = ++this.ticket;
    let p: PositionView;
    try {
      p = await this.position(id);
    } catch (e) {
      return this.error((e as Error).message);
    }
    if (ticket !== this.ticket || this.destroyed) return;
    this.at = id;
    this.input.clear();
    this.input.setLegal(p.legal_moves, true);
    this.error("");
    if (this.engineOn) this.ask();
    this.render();
    const n = this.tree.node(id);
    this.$("#live").textContent = id === 0 ? "The start position" : `${n.san}`;
  }

  // The game's review: shown when there, else what it waits for (polled), or
  // the button that asks for it.
  private async loadReview(ask: boolean) {
    const section = this.$("#review-section");
    section.hidden = false;
    const status = this.$("#review-status");
    const button = this.$("#review-ask") as HTMLButtonElement;
    clearTimeout(this.reviewTimer);
    try {
      const r = await api.review(this.params.game, ask);
      if (this.destroyed) return;
      if (r.done) {
        this.review = r.review;
        button.hidden = true;
        status.textContent = `By ${r.review.engine}.`;
        this.render();
        return;
      }
      button.hidden = true;
      const p = r.progress;
      status.textContent = p.status === "computing" ? `Reviewing: ${p.done} of ${p.of} positions…` : `Waiting for the engine (${p.ahead ?? 0} ${p.ahead === 1 ? "game" : "games"} before this one)…`;
      this.reviewTimer = window.setTimeout(() => void this.loadReview(false), 700);
    } catch (e) {
      if (this.destroyed) return;
      const notYet = e instanceof ApiError && e.status === 404;
      button.hidden = !notYet;
      status.textContent = notYet ? "The engine can go through the game and mark its inaccuracies, mistakes and blunders." : `No review: ${(e as Error).message}`;
    }
  }

  private renderReview() {
    const r = this.review;
    if (!r) return;
    const ply = this.gameLine.indexOf(this.at) + 1; // 0: the start, or off the game's line
    this.$("#review-curve").innerHTML = curveSvg(r, Math.max(0, ply));
    this.$("#review-summary").innerHTML = (["white", "black"] as const).map((side) => `<li>${escapeHtml(summaryText(r, side))}</li>`).join("");
  }

  // The review's mark of a node on the game's line, if any.
  private markOf(id: number): ReviewMove | null {
    const i = this.gameLine.indexOf(id);
    const m = i >= 0 ? this.review?.moves[i] : undefined;
    return m?.mark ? m : null;
  }

  private ask() {
    this.report = null;
    this.reportNode = this.at;
    this.engine.analyse({ variant: this.params.variant, fen: this.rootFen, moves: this.tree.lans(this.at), lines: 3 });
  }

  private toggleEngine() {
    this.engineOn = !this.engineOn;
    if (this.engineOn) this.ask();
    else this.engine.stop();
    this.renderEngine();
    this.drawArrow();
  }

  private onReport(r: EngineReport) {
    if (this.reportNode !== this.at) return;
    this.report = r;
    this.renderEngine();
    this.drawArrow();
  }

  private onAction(a: Action) {
    if (a.type === "move") return void this.play(a.lan);
    if (a.type === "choose") return this.choose(a.options);
    this.render();
  }

  // A move on the board: into the tree (a new variation, or the one there).
  private async play(lan: string) {
    const p = this.positions.get(this.at);
    const m = p?.legal_moves.find((x) => x.lan === lan);
    if (!m) return;
    const n = this.tree.add(this.at, lan, m.san ?? lan);
    await this.goTo(n.id);
  }

  // The engine's line `line` played into the tree up to its move `move`.
  private async playLine(line: number, move: number) {
    const l = this.report?.lines[line];
    if (!l) return;
    const n = this.tree.addLine(this.at, l.lan.slice(0, move + 1).map((lan, i) => ({ lan, san: l.san[i] })));
    await this.goTo(n.id);
  }

  private choose(options: LegalMove[]) {
    chooseMove(this.root, options, this.positions.get(this.at)?.turn, this.names, (lan) => void this.play(lan));
  }


  private onKey(e: KeyboardEvent) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target as HTMLElement;
    if (t.closest("input, select, textarea, #board")) return; // the board keeps its arrows
    const step = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : e.key === "Home" ? "start" : e.key === "End" ? "end" : null;
    if (!step) return;
    e.preventDefault();
    void this.goTo(this.tree.step(this.at, step));
  }

  private async playHere() {
    const p = this.positions.get(this.at);
    if (!p) return;
    const level = Number((this.$("#level") as HTMLSelectElement).value);
    try {
      const created = await api.create({ variant: this.params.variant, mode: "computer", fen: this.rootFen, moves: this.tree.lans(this.at), level, side: "to_move" });
      saveToken(created.id, created.token);
      location.hash = `#/game/${created.id}`;
    } catch (e) {
      this.error(`No game: ${(e as Error).message}`);
    }
  }

  private render() {
    const p = this.positions.get(this.at);
    if (!p || this.destroyed) return;
    const node = this.tree.node(this.at);
    const last = node.lan ? moveSquares(node.lan, p.board.squares) : null;
    this.board.render(p.board, { lastMove: last, interactive: p.legal_moves.length > 0, names: this.names, meanings: markMeanings(this.info) });
    this.$("#board").prepend(this.arrowLayer());
    renderHands(this.$("#hand-top"), this.$("#hand-bottom"), {
      hands: p.board.hands,
      bottom: this.board.flipped ? "black" : "white",
      turn: p.turn,
      canMove: true,
      title: handName(this.info),
      names: this.names,
    }, this.input, (a) => this.onAction(a));
    const outcome = p.outcome ?? "ongoing";
    const side = (s: Side) => (s === "white" ? "White" : "Black");
    this.$("#status").textContent = outcome !== "ongoing" ? `${OUTCOME_TEXT[outcome] ?? outcome}` : `${side(p.turn)} to move${p.board.checked.length ? ", in check" : ""}`;
    (this.$("#fen") as HTMLInputElement).value = p.fen;
    this.renderTree();
    this.renderReview();
    this.renderEngine();
    this.drawArrow();
    const from = this.params.game ? `<a href="#/game/${encodeURIComponent(this.params.game)}">Back to the game</a> · ` : "";
    this.$("#links").innerHTML = `${from}<a href="${editorHash(this.params.variant, p.fen)}" id="edit-here">Edit this position</a> · <a href="#/rules/${this.params.variant}">Rules</a> · <a href="#/">Home</a>`;
    (this.$("#nav-prev") as HTMLButtonElement).disabled = this.at === 0;
    (this.$("#nav-start") as HTMLButtonElement).disabled = this.at === 0;
    (this.$("#nav-next") as HTMLButtonElement).disabled = node.children.length === 0;
    (this.$("#nav-end") as HTMLButtonElement).disabled = node.children.length === 0;
  }

  private renderTree() {
    const plies = this.info?.numbering === "plies";
    const rootTurn = this.positions.get(0)?.turn;
    const items = listItems(this.tree, (ply, first) => moveNumber(ply, first, plies, rootTurn === "black"));
    const html = items
      .map((it) => {
        if (it.kind === "open") return `<span class="paren">(</span>`;
        if (it.kind === "close") return `<span class="paren">)</span>`;
        const current = it.node.id === this.at;
        const side = this.tree.onMainline(it.node.id) ? "main" : "side";
        const mark = this.markOf(it.node.id);
        const label = mark ? ` title="${mark.mark}${mark.best ? `; best was ${escapeHtml(mark.best)}` : ""}" aria-label="${escapeHtml(it.node.san)}, ${mark.mark}${mark.best ? `; best was ${escapeHtml(mark.best)}` : ""}"` : "";
        const symbol = mark?.mark ? `<span class="symbol" aria-hidden="true">${MARK_SYMBOL[mark.mark]}</span>` : "";
        return `${it.number ? `<span class="num">${it.number}</span>` : ""}<button type="button" class="tree-move ${side}${mark ? ` mark-${mark.mark}` : ""}" data-node="${it.node.id}"${current ? ' aria-current="true"' : ""}${label}>${escapeHtml(it.node.san)}${symbol}</button>`;
      })
      .join(" ");
    this.$("#tree").innerHTML = html || `<span class="hint">No moves yet: play one on the board.</span>`;
    this.$("#tree").querySelector('[aria-current="true"]')?.scrollIntoView({ block: "nearest" });
    const actions: string[] = [];
    if (this.at !== 0 && !this.tree.onMainline(this.at)) actions.push(`<button type="button" id="promote">Make this the main line</button>`);
    if (this.at !== 0) actions.push(`<button type="button" id="delete">Delete from here</button>`);
    this.$("#tree-actions").innerHTML = actions.join("");
    this.root.querySelector("#promote")?.addEventListener("click", () => {
      this.tree.promote(this.at);
      this.render();
    });
    this.root.querySelector("#delete")?.addEventListener("click", () => void this.goTo(this.tree.remove(this.at)));
  }

  private renderEngine() {
    const toggle = this.$("#engine-toggle");
    toggle.textContent = this.engineOn ? "Stop the engine" : "Start the engine";
    toggle.setAttribute("aria-pressed", String(this.engineOn));
    const r = this.engineOn ? this.report : null;
    const top = r?.lines[0]?.score;
    const bar = this.$("#eval-bar");
    const share = top ? whiteShare(top) : 0.5;
    (this.$("#eval-white") as HTMLElement).style.height = `${(share * 100).toFixed(1)}%`;
    bar.style.setProperty("--share", `${(share * 100).toFixed(1)}%`); // a phone's bar across
    bar.classList.toggle("flipped", this.board.flipped);
    bar.setAttribute("aria-label", top ? `Evaluation ${scoreText(top)} (White's view)` : "No evaluation");
    this.$("#engine-eval").textContent = top ? scoreText(top) : "";
    const outcome = r?.outcome ? OUTCOME_TEXT[r.outcome] ?? r.outcome : "";
    this.$("#engine-depth").textContent = !this.engineOn
      ? "Off"
      : !r
        ? "Searching…"
        : outcome
          ? `${outcome}: nothing to search`
          : `depth ${r.depth}${r.seldepth > r.depth ? `/${r.seldepth}` : ""} · ${formatNps(r.nps)}${r.type === "done" ? (r.reason === "time" ? " · paused: start again to go on" : " · done") : ""}`;
    const plies = this.info?.numbering === "plies";
    const node = this.tree.node(this.at);
    const rootBlack = this.positions.get(0)?.turn === "black";
    this.$("#engine-lines").innerHTML = (r?.lines ?? [])
      .map((l, i) => {
        const moves = l.san
          .slice(0, 12)
          .map((san, k) => {
            const num = moveNumber(node.ply + k + 1, k === 0, plies, rootBlack);
            return `${num ? `<span class="num">${num}</span>` : ""}<button type="button" class="line-move" data-line="${i}" data-move="${k}">${escapeHtml(san)}</button>`;
          })
          .join(" ");
        return `<li><span class="score">${scoreText(l.score)}${l.bound ? (l.bound === "lower" ? "+" : "−") : ""}</span> ${moves}</li>`;
      })
      .join("");
  }

  // The best move's arrow over the board (a ring on the square of a drop).
  private arrowLayer(): SVGSVGElement {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "arrows");
    svg.id = "arrows";
    svg.setAttribute("aria-hidden", "true");
    return svg;
  }

  private drawArrow() {
    const svg = this.root.querySelector<SVGSVGElement>("#arrows");
    const host = this.root.querySelector<HTMLElement>("#board");
    if (!svg || !host) return;
    svg.innerHTML = "";
    const lan = this.engineOn && this.reportNode === this.at ? this.report?.lines[0]?.lan[0] : undefined;
    const p = this.positions.get(this.at);
    if (!lan || !p) return;
    const sq = moveSquares(lan, p.board.squares);
    if (!sq) return;
    const box = host.getBoundingClientRect();
    const centre = (name: string) => {
      const r = host.querySelector(`[data-sq="${name}"]`)?.getBoundingClientRect();
      return r ? { x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2, size: r.width } : null;
    };
    const a = centre(sq.from);
    const b = centre(sq.to);
    if (!a || !b) return;
    svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
    svg.setAttribute("width", String(box.width));
    svg.setAttribute("height", String(box.height));
    const w = Math.max(4, a.size * 0.16);
    if (sq.from === sq.to) {
      svg.innerHTML = `<circle class="best" cx="${b.x}" cy="${b.y}" r="${b.size * 0.42}" fill="none" stroke-width="${w}"/>`;
      return;
    }
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    const head = Math.min(len * 0.45, w * 2.6);
    const ex = b.x - (dx / len) * head;
    const ey = b.y - (dy / len) * head;
    const nx = -dy / len;
    const ny = dx / len;
    svg.innerHTML =
      `<line class="best" x1="${a.x}" y1="${a.y}" x2="${ex}" y2="${ey}" stroke-width="${w}" stroke-linecap="round"/>` +
      `<polygon class="best-head" points="${b.x},${b.y} ${ex + nx * head * 0.6},${ey + ny * head * 0.6} ${ex - nx * head * 0.6},${ey - ny * head * 0.6}"/>`;
  }
}

function formatNps(nps: number): string {
  return nps >= 1e6 ? `${(nps / 1e6).toFixed(1)} M nodes/s` : `${Math.round(nps / 1e3)} k nodes/s`;
}
