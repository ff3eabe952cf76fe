// A small SVG picture of a position, for the home page's variant cards: the
// board's geometry (any dims, 4D as a 2x2 grid of boards with a gap) and its
// pieces, all taken from the server's board (GET /api/moves: the start).
import { coordOf, place } from "./geometry";
import { pieceShape } from "./pieces";
import type { BoardState } from "./types";

const LIGHT = "#ecd9b6";
const DARK = "#b08760";
const WOOD = "#e6c88e";
const LINE = "#5b4a2f";

// The picture is `size` px square; a gap of half a cell separates small
// boards. The board's kind says whether squares or points are drawn.
export function boardPicture(board: BoardState, size = 120): string {
  const points = board.kind === "intersections";
  const [X, Y, Z, W] = board.dims;
  const gap = Z * W > 1 ? 0.5 : 0;
  const across = Math.max(X * Z + gap * (Z - 1), Y * W + gap * (W - 1));
  const cell = size / across;
  const origin = (i: number) => {
    const p = place(i, board.dims, false);
    return { x: (p.boardCol * (X + gap) + p.col) * cell, y: (p.boardRow * (Y + gap) + p.row) * cell };
  };
  let ground = "";
  let pieces = "";
  board.squares.forEach((_, i) => {
    const { x, y } = origin(i);
    const c = place(i, board.dims, false);
    if (points) {
      // A point: the two lines through it, cut at the board's edge.
      const cx = x + cell / 2;
      const cy = y + cell / 2;
      const x0 = c.col === 0 ? cx : x;
      const x1 = c.col === X - 1 ? cx : x + cell;
      const y0 = c.row === 0 ? cy : y;
      const y1 = c.row === Y - 1 ? cy : y + cell;
      ground += `<path d="M${x0} ${cy}H${x1}M${cx} ${y0}V${y1}"/>`;
    } else {
      const co = coordOf(i, board.dims);
      const dark = (co.x + co.y) % 2 === 0; // a1 is dark, as on the game board
      ground += `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${dark ? DARK : LIGHT}"/>`;
    }
    const letter = board.pieces[i];
    if (letter && letter !== ".")
      pieces += `<svg class="thumb-piece" x="${x}" y="${y}" width="${cell}" height="${cell}" viewBox="0 0 100 100">${pieceShape(letter)}</svg>`;
  });
  const back = points ? `<rect width="${size}" height="${size}" rx="3" fill="${WOOD}"/><g stroke="${LINE}" stroke-width="0.8" fill="none">${ground}</g>` : ground;
  return `<svg class="thumb" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" aria-hidden="true" focusable="false">${back}${pieces}</svg>`;
}
