// The material balance: for each kind of piece (Kings aside), how many more
// one side has than the other, on the board and in its hand or reserve. A
// capture shows as the capturer's surplus; a promotion as what it became.
import type { BoardState } from "./types";

export interface Surplus {
  white: string[]; // White's letters (upper case), one per piece more, in the board's order of kinds
  black: string[];
}

export function surplus(board: Pick<BoardState, "pieces" | "hands">): Surplus {
  const count = new Map<string, number>(); // by upper-case letter: White's count less Black's
  const order: string[] = [];
  const add = (c: string) => {
    const kind = c.toUpperCase();
    if (kind === "K" || c === ".") return;
    if (!count.has(kind)) order.push(kind);
    count.set(kind, (count.get(kind) ?? 0) + (c === kind ? 1 : -1));
  };
  for (const c of board.pieces) add(c);
  for (const c of board.hands.white) add(c.toUpperCase());
  for (const c of board.hands.black) add(c.toLowerCase());
  const out: Surplus = { white: [], black: [] };
  for (const kind of order) {
    const n = count.get(kind)!;
    for (let i = 0; i < Math.abs(n); ++i) (n > 0 ? out.white : out.black).push(kind);
  }
  return out;
}
