// The headless move-input state: what is selected, which squares are marked,
// what a click or key press does. It only filters the server's legal moves,
// never computes rules, so it can be tested without a browser.
import type { LegalMove } from "./types";
import type { Numbering } from "./variants";

export type Mark = "move" | "capture" | "traverse" | "castling" | "drop" | "promotion" | "move-castling" | "promotion-capture";

export interface Selection {
  square: string | null; // a board square holding one of our pieces
  reserve: string | null; // a hand/reserve piece letter
}

// "none" and "clear" name the square clicked, if any: the page may say why
// nothing there can move (a dormant piece).
export type Action =
  | { type: "none"; square?: string }
  | { type: "select"; selection: Selection }
  | { type: "clear"; square?: string }
  | { type: "move"; lan: string }
  | { type: "choose"; options: LegalMove[] }; // several moves share the squares: promotion

export class MoveInput {
  selection: Selection = { square: null, reserve: null };

  constructor(public legal: LegalMove[] = [], public enabled = true) {}

  setLegal(legal: LegalMove[], enabled: boolean) {
    this.legal = legal;
    this.enabled = enabled;
    const stillValid = this.candidates().length > 0;
    if (!stillValid) this.selection = { square: null, reserve: null };
  }

  // Moves starting from the current selection.
  candidates(): LegalMove[] {
    const { square, reserve } = this.selection;
    if (square) return this.legal.filter((m) => m.from === square);
    if (reserve) return this.legal.filter((m) => m.kind === "drop" && m.piece === reserve);
    return [];
  }

  // Destination marks for the current selection; a detonation marks nothing
  // (it is an action). Where moves of different kinds share a destination the
  // mark says so: a King step and a castling ("move-castling"), a promotion
  // that captures ("promotion-capture"); otherwise a capture wins.
  marks(): Map<string, Mark> {
    const kinds = new Map<string, Set<Mark>>();
    for (const m of this.candidates()) {
      if (m.kind === "detonation") continue;
      const mark: Mark =
        m.kind === "drop" ? "drop"
        : m.kind === "traverse" ? "traverse"
        : m.kind === "castling" ? "castling"
        : m.kind === "promotion" ? (m.captures.length > 0 ? "promotion-capture" : "promotion")
        : m.captures.length > 0 ? "capture"
        : "move";
      if (!kinds.has(m.to)) kinds.set(m.to, new Set());
      kinds.get(m.to)!.add(mark);
    }
    const out = new Map<string, Mark>();
    for (const [to, set] of kinds) {
      const mark: Mark =
        set.has("castling") && (set.has("move") || set.has("capture")) ? "move-castling"
        : set.has("promotion-capture") ? "promotion-capture"
        : set.has("capture") ? "capture"
        : [...set][0];
      out.set(to, mark);
    }
    return out;
  }

  // Squares some move to `to` would empty, other than `to` itself (preview).
  preview(to: string): string[] {
    const set = new Set<string>();
    for (const m of this.candidates()) if (m.to === to) for (const c of m.captures) if (c !== to) set.add(c);
    return [...set];
  }

  detonation(): LegalMove | null {
    return this.candidates().find((m) => m.kind === "detonation") ?? null;
  }

  selectable(square: string): boolean {
    return this.enabled && this.legal.some((m) => m.from === square && m.kind !== "drop");
  }

  reserveSelectable(letter: string): boolean {
    return this.enabled && this.legal.some((m) => m.kind === "drop" && m.piece === letter);
  }

  // A click (or Enter/Space) on a board square.
  clickSquare(square: string): Action {
    if (!this.enabled) return { type: "none", square };
    const here = this.candidates().filter((m) => m.to === square && m.kind !== "detonation");
    if (here.length === 1) {
      this.selection = { square: null, reserve: null };
      return { type: "move", lan: here[0].lan };
    }
    if (here.length > 1) return { type: "choose", options: here };
    if (this.selectable(square) && this.selection.square !== square) {
      this.selection = { square, reserve: null };
      return { type: "select", selection: this.selection };
    }
    const had = this.selection.square !== null || this.selection.reserve !== null;
    this.selection = { square: null, reserve: null };
    return had ? { type: "clear", square } : { type: "none", square };
  }

  clickReserve(letter: string): Action {
    if (!this.reserveSelectable(letter)) return { type: "none" };
    if (this.selection.reserve === letter) {
      this.selection = { square: null, reserve: null };
      return { type: "clear" };
    }
    this.selection = { square: null, reserve: letter };
    return { type: "select", selection: this.selection };
  }

  // Completes a drag from one square to another.
  drop(from: string, to: string): Action {
    if (!this.selectable(from)) return { type: "none" };
    this.selection = { square: from, reserve: null };
    const result = this.clickSquare(to);
    return result.type === "select" || result.type === "clear" || result.type === "none" ? { type: "clear" } : result;
  }

  clear(): Action {
    this.selection = { square: null, reserve: null };
    return { type: "clear" };
  }
}

// A move's name in a choice between moves that share their squares: the
// promotion piece, else its SAN where the server gave one (the game's pushes
// do not), else what it does and where.
export function choiceLabel(m: LegalMove, names: Record<string, string>): string {
  if (m.kind === "promotion") return names[m.piece] ?? m.piece;
  if (m.san) return m.san;
  const what: Record<LegalMove["kind"], string> = {
    move: "Move",
    capture: "Capture",
    castling: "Castle",
    "en-passant": "Capture en passant",
    promotion: "Promote",
    drop: "Drop",
    detonation: "Detonate",
    traverse: "Traverse",
  };
  return `${what[m.kind]} to ${m.to}`;
}

// Journal lines as the variant numbers them: every ply ("plies") or move
// pairs ("moves").
export function journal(moves: string[], numbering: Numbering, blackFirst: boolean): { number: string; moves: string[] }[] {
  if (numbering === "plies") return moves.map((m, i) => ({ number: `${i + 1}.`, moves: [m] }));
  const out: { number: string; moves: string[] }[] = [];
  let i = 0;
  let n = 1;
  if (blackFirst && moves.length > 0) {
    out.push({ number: "1...", moves: [moves[0]] });
    i = 1;
    n = 2;
  }
  for (; i < moves.length; i += 2, ++n) out.push({ number: `${n}.`, moves: moves.slice(i, i + 2) });
  return out;
}

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return (h > 0 ? `${h}:` : "") + `${mm}:${String(s).padStart(2, "0")}` + (ms < 10000 && ms > 0 ? `.${Math.floor((ms % 1000) / 100)}` : "");
}
