// Draws the board(s) of any geometry as grids of buttons (one per square or
// point), with coordinates, legal-move marks, last move, check, dormancy and
// King groups, and turns clicks, drags and keys into controller actions.
import type { Action, Mark, MoveInput } from "./controller";
import { boardLabel, coordOf, neighbour, place, type Arrow, type Dims, type Placement } from "./geometry";
import { PIECE_NAMES, pieceName, pieceSvg } from "./pieces";
import type { BoardState } from "./types";

export interface BoardExtras {
  lastMove?: { from: string; to: string } | null;
  interactive: boolean;
  premove?: string[]; // the squares of a premove set
  hideMarks?: boolean; // choosing a premove: every square would be marked
  names?: Record<string, string>; // piece names by White's letter (the variant's)
  meanings?: Record<string, string>; // the variant's own marks, explained (markMeanings)
}

// Everything the drawing depends on besides the board itself.
export interface BoardLook {
  flipped: boolean;
  focused: number; // the cell index that holds the tab stop
  marks: Map<string, Mark>;
  selected: string | null;
  dragOrigin: string | null;
  lastMove: { from: string; to: string } | null;
  names: Record<string, string>;
  meanings: Record<string, string>;
  removes: (square: string) => string[]; // what a marked destination would also empty
  premove: string[];
}

// Which of a variant's explained marks a destination mark shows.
const MARK_KIND: Partial<Record<Mark, string>> = {
  traverse: "traverse",
  castling: "castling",
  "move-castling": "castling",
  drop: "drop",
  promotion: "promotion",
  "promotion-capture": "promotion",
};

const MARK_LABEL: Record<Mark, string> = {
  move: "legal destination",
  capture: "capture",
  traverse: "Traverse destination",
  castling: "castling destination",
  drop: "drop destination",
  promotion: "promotion square",
  "move-castling": "move or castling destination",
  "promotion-capture": "capture with promotion",
};

function escapeAttr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// "e5", "e5 and f5", "d4, d5 and e5"
function listSquares(names: string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// The view that currently draws into a host element owns its events: a new
// BoardView on the same host detaches the previous one, so one click is
// handled once.
const owners = new WeakMap<HTMLElement, AbortController>();

// Where pieces belong to King groups: "in King d2's group", "in the group of
// Kings d2 and f2" — the Kings of the piece's side whose group mark is the same.
function groupName(board: BoardState, letter: string, group: string): string {
  const white = letter === letter.toUpperCase();
  const kings = board.squares.filter((_, j) => board.groups[j] === group && board.pieces[j] === (white ? "K" : "k"));
  if (kings.length === 0) return `in group ${group}`;
  return kings.length === 1 ? `in King ${kings[0]}'s group` : `in the group of Kings ${listSquares(kings)}`;
}

export class BoardView {
  flipped = false;
  private focused = 0;
  private board: BoardState | null = null;
  private extras: BoardExtras = { interactive: false };
  private dragFrom: string | null = null;
  private dragStart = { x: 0, y: 0 };
  private dragging = false;
  private ghost: HTMLElement | null = null;

  constructor(
    private root: HTMLElement,
    private input: MoveInput,
    private onAction: (a: Action) => void,
  ) {
    owners.get(root)?.abort();
    const owner = new AbortController();
    owners.set(root, owner);
    const opts = { signal: owner.signal };
    root.addEventListener("keydown", (e) => this.onKey(e), opts);
    root.addEventListener("click", (e) => {
      const sq = (e.target as HTMLElement).closest<HTMLElement>("[data-sq]");
      if (sq) this.act(this.input.clickSquare(sq.dataset.sq!));
    }, opts);
    root.addEventListener("pointerdown", (e) => {
      const sq = (e.target as HTMLElement).closest<HTMLElement>("[data-sq]");
      this.dragFrom = sq && this.input.selectable(sq.dataset.sq!) ? sq.dataset.sq! : null;
      this.dragStart = { x: e.clientX, y: e.clientY };
    }, opts);
    root.addEventListener("pointermove", (e) => this.onDragMove(e), opts);
    root.addEventListener("pointerup", (e) => {
      const from = this.dragFrom;
      const dragged = this.dragging;
      this.endDrag();
      if (!from) return;
      const el = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>("[data-sq]");
      if (el && el.dataset.sq !== from) {
        e.preventDefault();
        this.suppressClick();
        this.act(this.input.drop(from, el.dataset.sq!));
      } else if (dragged && this.board) {
        this.render(this.board, this.extras);
      }
    }, opts);
    root.addEventListener("pointercancel", () => {
      this.endDrag();
      if (this.board) this.render(this.board, this.extras);
    }, opts);
    root.addEventListener("mouseover", (e) => this.showPreview(e.target as HTMLElement), opts);
    root.addEventListener("focusin", (e) => {
      // The roving tab stop follows focus however it got there (click, Tab).
      const sq = (e.target as HTMLElement).closest<HTMLElement>("[data-sq]");
      if (sq) this.focused = Number(sq.dataset.index);
      this.showPreview(e.target as HTMLElement);
    }, opts);
  }

  // A drag under way: past a few pixels the piece is selected (its moves are
  // marked), its square is marked as the origin and a copy follows the pointer.
  private onDragMove(e: PointerEvent) {
    if (!this.dragFrom || !this.board) return;
    if (!this.dragging) {
      if (Math.hypot(e.clientX - this.dragStart.x, e.clientY - this.dragStart.y) < 6) return;
      this.dragging = true;
      const cell = this.root.querySelector<HTMLElement>(`[data-sq="${this.dragFrom}"]`);
      const piece = cell?.querySelector("svg.piece");
      if (cell && piece) {
        const size = cell.getBoundingClientRect().width;
        this.ghost = document.createElement("div");
        this.ghost.className = "drag-ghost";
        this.ghost.setAttribute("aria-hidden", "true");
        this.ghost.style.width = this.ghost.style.height = `${size}px`;
        this.ghost.innerHTML = piece.outerHTML;
        document.body.appendChild(this.ghost);
      }
      if (this.input.selection.square !== this.dragFrom) this.act(this.input.clickSquare(this.dragFrom));
      else this.render(this.board, this.extras);
    }
    if (this.ghost) {
      const half = this.ghost.offsetWidth / 2;
      this.ghost.style.transform = `translate(${e.clientX - half}px, ${e.clientY - half}px)`;
    }
  }

  private endDrag() {
    this.dragging = false;
    this.dragFrom = null;
    this.ghost?.remove();
    this.ghost = null;
  }

  private suppressClick() {
    const stop = (ev: Event) => {
      ev.stopPropagation();
      ev.preventDefault();
    };
    this.root.addEventListener("click", stop, { capture: true, once: true });
    setTimeout(() => this.root.removeEventListener("click", stop, { capture: true }), 0);
  }

  private act(a: Action) {
    this.onAction(a);
  }

  private dims(): Dims {
    return this.board!.dims;
  }

  private showPreview(el: HTMLElement) {
    const sq = el.closest<HTMLElement>("[data-sq]");
    this.root.querySelectorAll(".preview").forEach((n) => n.classList.remove("preview"));
    if (!sq) return;
    for (const name of this.input.preview(sq.dataset.sq!))
      this.root.querySelector(`[data-sq="${name}"]`)?.classList.add("preview");
  }

  // Highlights squares a detonation would clear.
  highlight(squares: string[]) {
    this.root.querySelectorAll(".preview").forEach((n) => n.classList.remove("preview"));
    for (const name of squares) this.root.querySelector(`[data-sq="${name}"]`)?.classList.add("preview");
  }

  private onKey(e: KeyboardEvent) {
    const el = (e.target as HTMLElement).closest<HTMLElement>("[data-sq]");
    if (!el || !this.board) return;
    const index = Number(el.dataset.index);
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      const next = neighbour(index, this.dims(), e.key as Arrow, e.altKey, this.flipped);
      this.focusIndex(next);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.act(this.input.clickSquare(el.dataset.sq!));
    } else if (e.key === "Escape") {
      e.preventDefault();
      this.act(this.input.clear());
    }
  }

  focusIndex(index: number) {
    this.focused = index;
    this.root.querySelectorAll<HTMLElement>("[data-sq]").forEach((n) => {
      n.tabIndex = Number(n.dataset.index) === index ? 0 : -1;
    });
    this.root.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  }

  // Focuses the board's tab stop (the square last focused).
  focusCurrent() {
    this.focusIndex(this.focused);
  }

  focusSquare(name: string) {
    const i = this.board?.squares.indexOf(name) ?? -1;
    if (i >= 0) this.focusIndex(i);
  }

  render(board: BoardState, extras: BoardExtras) {
    this.board = board;
    this.extras = extras;
    const hadFocus = this.root.contains(document.activeElement);
    const marks = extras.hideMarks ? new Map<string, Mark>() : this.input.marks();
    if (this.focused >= board.squares.length) this.focused = 0;
    this.root.innerHTML = boardMarkup(board, {
      flipped: this.flipped,
      focused: this.focused,
      marks,
      selected: this.input.selection.square,
      dragOrigin: this.dragging ? this.dragFrom : null,
      lastMove: extras.lastMove ?? null,
      names: extras.names ?? PIECE_NAMES,
      meanings: extras.meanings ?? {},
      removes: (name) => this.input.preview(name),
      premove: extras.premove ?? [],
    });
    this.root.classList.toggle("inactive", !extras.interactive);
    if (hadFocus) this.focusIndex(this.focused);
  }
}

// One cell: a button named by its square, what stands on it and how it is marked.
function cellMarkup(board: BoardState, i: number, look: BoardLook): { html: string; p: Placement } {
  const name = board.squares[i];
  const [X, Y] = board.dims;
  const points = board.kind === "intersections";
  const p = place(i, board.dims, look.flipped);
  const co = coordOf(i, board.dims);
  const letter = board.pieces[i];
  const dormant = board.dormant[i] === "1";
  const mark = look.marks.get(name);
  const classes = ["sq", points ? "point" : (co.x + co.y) % 2 === 0 ? "dark" : "light"];
  if (mark) classes.push(`mark-${mark}`);
  if (name === look.selected) classes.push("selected");
  if (name === look.dragOrigin) classes.push("drag-origin");
  if (look.lastMove && (name === look.lastMove.from || name === look.lastMove.to)) classes.push("last");
  if (board.checked.includes(name)) classes.push("check");
  if (look.premove.includes(name)) classes.push("premove");
  if (points) {
    if (p.row === 0) classes.push("edge-top");
    if (p.row === Y - 1) classes.push("edge-bottom");
    if (p.col === 0) classes.push("edge-left");
    if (p.col === X - 1) classes.push("edge-right");
  }
  const label = [name];
  if (letter !== ".") label.push(pieceName(letter, look.names) + (dormant ? ", dormant" : ""));
  else label.push("empty");
  if (mark) label.push(MARK_LABEL[mark]);
  const removes = mark ? look.removes(name) : [];
  if (removes.length) label.push(`${letter !== "." ? "also removes" : "removes"} ${listSquares(removes)}`);
  if (name === look.selected) label.push("selected");
  if (look.premove.includes(name)) label.push("premove");
  if (board.checked.includes(name)) label.push("in check");
  const group = board.groups ? board.groups[i] : "0";
  const grouped = letter !== "." && !!group && group !== "0";
  if (grouped) label.push(groupName(board, letter, group));
  const piece = letter === "." ? "" : pieceSvg(letter, dormant ? "dormant" : "");
  // The group's number in a shape of its own (circle, square): not told by colour alone.
  // The number is drawn by CSS (content: attr(data-group)): the square's name
  // says the group in words, so no stray digit joins its visible text.
  const badge = grouped ? `<span class="group g${group}" data-group="${group}" aria-hidden="true"></span>` : "";
  // The tooltip: the square's name and contents, then what its marks mean here.
  const tip = [label.join(", ")];
  const kind = mark ? MARK_KIND[mark] : undefined;
  if (kind && look.meanings[kind]) tip.push(look.meanings[kind]);
  if (dormant && look.meanings.dormant) tip.push(look.meanings.dormant);
  else if (grouped && look.meanings.group) tip.push(look.meanings.group);
  const html = `<button type="button" class="${classes.join(" ")}" data-sq="${name}" data-index="${i}" tabindex="${i === look.focused ? 0 : -1}" aria-label="${label.join(", ")}" title="${escapeAttr(tip.join("\n"))}" style="grid-column:${p.col + 2};grid-row:${p.row + 1}">${piece}${badge}</button>`;
  return { html, p };
}

// The board(s) as HTML, drawn as the board's kind says: squares, the points
// of a grid of lines, or small boards laid out by their Z and W axes.
export function boardMarkup(board: BoardState, look: BoardLook): string {
  const d = board.dims;
  const [X, Y, Z, W] = d;
  const cells = board.squares.map((_, i) => cellMarkup(board, i, look));
  const axes = board.kind === "boards4d";
  let html = "";
  for (let br = 0; br < W; ++br)
    for (let bc = 0; bc < Z; ++bc) {
      const z = look.flipped ? Z - 1 - bc : bc;
      const w = look.flipped ? br : W - 1 - br;
      const label = boardLabel(d, z, w);
      const own = cells.filter((c) => c.p.boardCol === bc && c.p.boardRow === br).map((c) => c.html).join("");
      // Coordinates: ranks on the left, files below.
      let coords = "";
      for (let row = 0; row < Y; ++row) {
        const y = look.flipped ? row : Y - 1 - row;
        coords += `<span class="coord rank" aria-hidden="true" style="grid-column:1;grid-row:${row + 1}">${y + 1}</span>`;
      }
      for (let col = 0; col < X; ++col) {
        const x = look.flipped ? X - 1 - col : col;
        coords += `<span class="coord file" aria-hidden="true" style="grid-column:${col + 2};grid-row:${Y + 1}">${String.fromCharCode(97 + x)}</span>`;
      }
      // Small boards: the axes name the columns (Z) and rows (W) of boards.
      if (axes && br === 0) html += `<div class="axis axis-z" aria-hidden="true" style="grid-column:${bc + 2};grid-row:1">Z = ${z}</div>`;
      if (axes && bc === 0) html += `<div class="axis axis-w" aria-hidden="true" style="grid-column:1;grid-row:${br + 2}"><span>W = ${w}</span></div>`;
      const at = axes ? `grid-column:${bc + 2};grid-row:${br + 2}` : `grid-column:${bc + 1};grid-row:${br + 1}`;
      html += `<div class="small-board" role="group" aria-label="${label ? "board " + label : "board"}" style="--files:${X};--ranks:${Y};${at}">${label ? `<div class="board-label">${label}</div>` : ""}<div class="grid">${own}${coords}</div></div>`;
    }
  return `<div class="board-set board-${board.kind}" style="--boards-x:${Z};--boards-y:${W}">${html}</div>`;
}
