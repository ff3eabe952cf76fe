// One premove, as on lichess: while the opponent is to move, a player may
// pick a move of their own in advance — any of their pieces to any other
// square, or a piece of their hand onto an empty square — and it is played
// the moment their turn comes if it is legal then (the first promotion
// choice when it promotes), else dropped. The client decides no rule: the
// candidates are every such pair, and the server's legal moves of the new
// position decide. Pure, so it is tested without a browser.
import type { BoardState, LegalMove, Side } from "./types";

export interface Premove {
  from: string; // "" for a drop
  to: string;
  piece: string; // the dropped letter (upper case), "" for a board move
}

const mine = (letter: string, side: Side) => letter !== "." && (letter === letter.toUpperCase()) === (side === "white");

// Every premove `side` could set on `board`, as moves the move input offers.
export function premoveCandidates(board: BoardState, side: Side): LegalMove[] {
  const out: LegalMove[] = [];
  board.squares.forEach((from, i) => {
    if (!mine(board.pieces[i], side)) return;
    for (const to of board.squares) if (to !== from) out.push({ lan: `${from}${to}`, from, to, kind: "move", piece: "", captures: [] });
  });
  for (const letter of new Set(board.hands[side]))
    board.squares.forEach((to, i) => {
      if (board.pieces[i] === ".") out.push({ lan: `${letter}@${to}`, from: "", to, kind: "drop", piece: letter, captures: [] });
    });
  return out;
}

export function premoveOf(m: LegalMove): Premove {
  return { from: m.from, to: m.to, piece: m.kind === "drop" ? m.piece : "" };
}

// The legal move the premove stands for now, if any: the same squares (a
// detonation has none), the first of several (promotions).
export function matchPremove(p: Premove, legal: LegalMove[]): LegalMove | null {
  return (
    legal.find((m) =>
      p.piece ? m.kind === "drop" && m.piece === p.piece && m.to === p.to : m.kind !== "drop" && m.kind !== "detonation" && m.from === p.from && m.to === p.to,
    ) ?? null
  );
}

export function premoveText(p: Premove): string {
  return p.piece ? `${p.piece}@${p.to}` : `${p.from}–${p.to}`;
}
