// The board editor (#/editor/<variant>[?fen=...]): place and remove pieces
// with a palette, fill the hands or reserves, choose the side to move and the
// castling rights; the FEN is written by the variant's layout (src/fen.ts)
// and checked by the server at every change, which says what is wrong and
// where. A legal position can be played against the computer or analysed.
import { analysisHash } from "./analysis";
import { api } from "./api";
import { BoardView } from "./board";
import { MoveInput, type Action } from "./controller";
import { readFields, writeFen, type EditedPosition, type FenLayout } from "./fen";
import { escapeHtml, saveToken } from "./game";
import { pieceSvg } from "./pieces";
import { bindSettings, settingsMarkup } from "./settings";
import type { BoardState, PositionView } from "./types";
import { findVariant, handName, pieceNames, variants, type VariantInfo } from "./variants";

export function editorHash(variant: string, fen = ""): string {
  return `#/editor/${encodeURIComponent(variant)}${fen ? `?${new URLSearchParams({ fen })}` : ""}`;
}

export function parseEditorHash(hash: string): { variant: string; fen: string } | null {
  const m = /^#\/editor\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return null;
  return { variant: decodeURIComponent(m[1]), fen: new URLSearchParams(m[2] ?? "").get("fen") ?? "" };
}

const ERASER = ".";

export class EditorScreen {
  private info: VariantInfo | undefined;
  private layout: FenLayout | undefined;
  private pos: EditedPosition | null = null;
  private view: BoardState | null = null;
  private tool = ERASER; // the palette's choice: a FEN letter, or the eraser
  private input = new MoveInput([], false);
  private board: BoardView;
  private names: Record<string, string> = pieceNames();
  private ticket = 0;
  private valid: PositionView | null = null;
  private destroyed = false;

  constructor(private root: HTMLElement, private variant: string, private startFen: string) {
    root.innerHTML = `
      <div class="game-layout editor-layout">
        <section class="board-area" aria-label="Board">
          <div class="hand" id="hand-top"></div>
          <div id="board" class="board-host"></div>
          <div class="hand" id="hand-bottom"></div>
        </section>
        <aside class="panel" aria-label="Board editor">
          <h1 id="title">Board editor</h1>
          <p class="hint">Choose a piece (or the eraser), then click the squares to place it; a click on the same piece removes it.</p>
          <div id="palette" class="palette" role="group" aria-label="Pieces to place"></div>
          <fieldset class="editor-fields"><legend>Side to move</legend>
            <label><input type="radio" name="turn" value="white"> White</label>
            <label><input type="radio" name="turn" value="black"> Black</label>
          </fieldset>
          <fieldset class="editor-fields" id="castling-fields" hidden><legend>Castling</legend><span id="castling"></span></fieldset>
          <div class="actions">
            <button type="button" id="clear-board">Clear the board</button>
            <button type="button" id="start-position">Start position</button>
            <button type="button" id="flip">Flip board</button>
          </div>
          <form id="editor-fen-form" class="fen-form">
            <label for="editor-fen">FEN</label>
            <input id="editor-fen" spellcheck="false" autocomplete="off">
            <button type="submit">Load</button>
          </form>
          <p id="verdict" class="status" role="status"></p>
          <div class="actions">
            <label>Level <select id="editor-level">${[1, 2, 3, 4, 5, 6, 7, 8].map((l) => `<option value="${l}"${l === 4 ? " selected" : ""}>${l}</option>`).join("")}</select></label>
            <button type="button" id="editor-play" class="primary">Play the computer from here</button>
            <a class="button" id="editor-analyse" href="#/">Analyse</a>
          </div>
          <div class="links" id="links"></div>
          ${settingsMarkup()}
          <p id="error" class="error" role="alert"></p>
        </aside>
      </div>`;
    this.board = new BoardView(root.querySelector("#board")!, this.input, (a) => this.onAction(a));
    bindSettings(root);
    this.$("#clear-board").addEventListener("click", () => this.edit((p) => {
      p.pieces = p.pieces.map(() => ".");
      p.hands = { white: "", black: "" };
      p.castling = "";
    }));
    this.$("#start-position").addEventListener("click", () => void this.load(""));
    this.$("#flip").addEventListener("click", () => {
      this.board.flipped = !this.board.flipped;
      this.render();
    });
    this.root.querySelectorAll<HTMLInputElement>('input[name="turn"]').forEach((r) =>
      r.addEventListener("change", () => this.edit((p) => (p.turn = r.value as "white" | "black"))),
    );
    this.$("#editor-fen-form").addEventListener("submit", (e) => {
      e.preventDefault();
      void this.load((this.$("#editor-fen") as HTMLInputElement).value.trim());
    });
    this.$("#editor-play").addEventListener("click", () => void this.play());
    void this.start();
  }

  destroy() {
    this.destroyed = true;
  }

  private $(sel: string): HTMLElement {
    return this.root.querySelector(sel)!;
  }

  private async start() {
    const list = await variants().catch(() => [] as VariantInfo[]);
    this.info = findVariant(list, this.variant);
    this.layout = this.info?.fen;
    if (!this.info || !this.layout) {
      this.$("#verdict").textContent = `There is no variant "${this.variant}".`;
      return;
    }
    this.names = pieceNames(this.info);
    this.$("#title").textContent = `Board editor · ${this.info.name}`;
    this.$("#links").innerHTML = `<a href="#/rules/${this.variant}">Rules</a> · <a href="#/">Home</a>`;
    await this.load(this.startFen);
    this.board.focusCurrent();
  }

  // Reads a position from the server (a FEN, or "" the start) into the editor.
  private async load(fen: string) {
    try {
      const v = await api.moves(this.variant, fen);
      if (this.destroyed) return;
      const rest = readFields(this.layout!, v.fen);
      this.pos = {
        dims: v.board.dims,
        pieces: [...v.board.pieces],
        hands: { ...v.board.hands },
        turn: v.turn,
        castling: rest.castling && rest.castling !== "-" ? rest.castling : "",
        rest,
      };
      this.view = v.board;
      this.valid = v;
      (this.$("#editor-fen") as HTMLInputElement).value = v.fen;
      this.$("#error").textContent = "";
      this.render();
      this.showVerdict(v, "");
    } catch (e) {
      this.$("#error").textContent = (e as Error).message;
    }
  }

  private onAction(a: Action) {
    const square = a.type === "none" || a.type === "clear" ? a.square : undefined;
    if (!square || !this.pos || !this.view) return;
    const i = this.view.squares.indexOf(square);
    if (i < 0) return;
    this.edit((p) => {
      p.pieces[i] = this.tool === ERASER || p.pieces[i] === this.tool ? "." : this.tool;
    });
    this.board.focusSquare(square);
  }

  // Applies a change, redraws, and asks the server whether it is a position.
  private edit(change: (p: EditedPosition) => void) {
    if (!this.pos) return;
    change(this.pos);
    this.pos.rest = { ...this.pos.rest, ep: "-" }; // an edited board has no en-passant target
    this.render();
    void this.check();
  }

  private fen(): string {
    return writeFen(this.layout!, this.pos!);
  }

  private async check() {
    const fen = this.fen();
    const ticket = ++this.ticket;
    (this.$("#editor-fen") as HTMLInputElement).value = fen;
    try {
      const v = await api.moves(this.variant, fen);
      if (ticket !== this.ticket || this.destroyed) return;
      this.valid = v;
      this.showVerdict(v, "");
    } catch (e) {
      if (ticket !== this.ticket || this.destroyed) return;
      this.valid = null;
      this.showVerdict(null, (e as Error).message);
    }
  }

  private showVerdict(v: PositionView | null, why: string) {
    const verdict = this.$("#verdict");
    const play = this.$("#editor-play") as HTMLButtonElement;
    const analyse = this.$("#editor-analyse") as HTMLAnchorElement;
    play.disabled = !v || (v.outcome ?? "ongoing") !== "ongoing";
    analyse.toggleAttribute("aria-disabled", !v);
    analyse.classList.toggle("disabled", !v);
    analyse.href = v ? analysisHash({ variant: this.variant, fen: v.fen }) : "#" + location.hash.slice(1);
    verdict.classList.toggle("invalid", !v);
    if (!v) {
      verdict.textContent = `Not a position yet: ${why.replace(/^fen: /, "")}`;
      return;
    }
    const side = v.turn === "white" ? "White" : "Black";
    const outcome = v.outcome && v.outcome !== "ongoing" ? ` — the game is over (${v.outcome})` : `, ${v.legal_moves.length} legal ${v.legal_moves.length === 1 ? "move" : "moves"}`;
    verdict.textContent = `A legal position: ${side} to move${outcome}.`;
  }

  private async play() {
    if (!this.valid) return;
    const level = Number((this.$("#editor-level") as HTMLSelectElement).value);
    try {
      const created = await api.create({ variant: this.variant, mode: "computer", fen: this.valid.fen, level, side: "to_move" });
      saveToken(created.id, created.token);
      location.hash = `#/game/${created.id}`;
    } catch (e) {
      this.$("#error").textContent = `No game: ${(e as Error).message}`;
    }
  }

  private render() {
    const p = this.pos;
    if (!p || !this.view || this.destroyed) return;
    const board: BoardState = { ...this.view, pieces: p.pieces.join(""), hands: p.hands, checked: [], dormant: "", groups: "" };
    this.board.render(board, { interactive: true, names: this.names });
    // The palette: every piece of both sides, and the eraser.
    const letters = (this.info?.pieces ?? []).map((x) => x.letter);
    const tools = [...letters, ...letters.map((l) => l.toLowerCase()), ERASER];
    this.$("#palette").innerHTML = tools
      .map((t) => {
        const name = t === ERASER ? "Eraser: remove pieces" : `${t === t.toUpperCase() ? "White" : "Black"} ${this.names[t.toUpperCase()] ?? t}`;
        return `<button type="button" class="tool${t === this.tool ? " selected" : ""}" data-tool="${t}" aria-pressed="${t === this.tool}" aria-label="${escapeHtml(name)}" title="${escapeHtml(name)}">${t === ERASER ? "✕" : pieceSvg(t)}</button>`;
      })
      .join("");
    this.$("#palette").querySelectorAll<HTMLButtonElement>("[data-tool]").forEach((b) =>
      b.addEventListener("click", () => {
        this.tool = b.dataset.tool!;
        this.render();
        this.root.querySelector<HTMLElement>(`[data-tool="${CSS.escape(this.tool)}"]`)?.focus();
      }),
    );
    this.root.querySelectorAll<HTMLInputElement>('input[name="turn"]').forEach((r) => (r.checked = r.value === p.turn));
    // Castling: a box per letter of the layout.
    const castling = this.layout?.castling ?? "";
    this.$("#castling-fields").hidden = castling.length === 0;
    this.$("#castling").innerHTML = [...castling]
      .map((c) => `<label><input type="checkbox" data-castle="${c}"${p.castling.includes(c) ? " checked" : ""}> ${c === c.toUpperCase() ? "White" : "Black"} ${c}</label>`)
      .join(" ");
    this.$("#castling").querySelectorAll<HTMLInputElement>("[data-castle]").forEach((box) =>
      box.addEventListener("change", () => this.edit((q) => {
        const c = box.dataset.castle!;
        q.castling = box.checked ? q.castling + c : q.castling.replace(c, "");
      })),
    );
    this.renderHands();
  }

  // Hands or reserves: a count per letter with buttons to add and take away.
  private renderHands() {
    const p = this.pos!;
    const order = this.layout?.hand_order ?? "";
    const title = handName(this.info);
    const sides = this.board.flipped ? (["white", "black"] as const) : (["black", "white"] as const);
    const hosts = [this.$("#hand-top"), this.$("#hand-bottom")];
    sides.forEach((side, k) => {
      const host = hosts[k];
      if (!order) {
        host.innerHTML = "";
        return;
      }
      const name = side === "white" ? "White" : "Black";
      host.innerHTML = `<span class="hand-title">${name} ${escapeHtml(title || "hand")}</span>` +
        [...order]
          .map((l) => {
            const n = [...p.hands[side]].filter((c) => c === l).length;
            const piece = this.names[l] ?? l;
            return `<span class="hand-count">${pieceSvg(side === "white" ? l : l.toLowerCase())}<span aria-hidden="true">${n}</span>` +
              `<button type="button" data-side="${side}" data-add="${l}" aria-label="One more ${side} ${escapeHtml(piece)} in ${escapeHtml(title)} (now ${n})">+</button>` +
              `<button type="button" data-side="${side}" data-remove="${l}" aria-label="One ${side} ${escapeHtml(piece)} less in ${escapeHtml(title)} (now ${n})"${n ? "" : " disabled"}>−</button></span>`;
          })
          .join("");
      host.querySelectorAll<HTMLButtonElement>("button").forEach((b) =>
        b.addEventListener("click", () => {
          const key = b.dataset.add ? `[data-side="${side}"][data-add="${b.dataset.add}"]` : `[data-side="${side}"][data-remove="${b.dataset.remove}"]`;
          this.edit((q) => {
            if (b.dataset.add) q.hands[side] += b.dataset.add;
            else q.hands[side] = q.hands[side].replace(b.dataset.remove!, "");
          });
          const again = this.root.querySelector<HTMLButtonElement>(key);
          (again && !again.disabled ? again : this.root.querySelector<HTMLElement>(`[data-side="${side}"][data-add="${b.dataset.add ?? b.dataset.remove}"]`))?.focus();
        }),
      );
    });
  }
}
