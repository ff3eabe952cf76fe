// Board layout from the server's dims [X, Y, Z, W]: which small board a cell
// is drawn on and where, for any geometry (8x8, 10x10, 9x9 points, 4x4x2x2).
// Orientation is a parameter: flipped puts Black at the bottom.

export type Dims = [number, number, number, number];

export interface Coord {
  x: number;
  y: number;
  z: number;
  w: number;
}

export function coordOf(index: number, d: Dims): Coord {
  const [X, Y, Z] = d;
  return { x: index % X, y: Math.floor(index / X) % Y, z: Math.floor(index / (X * Y)) % Z, w: Math.floor(index / (X * Y * Z)) };
}

export function indexOf(c: Coord, d: Dims): number {
  const [X, Y, Z] = d;
  return c.x + X * (c.y + Y * (c.z + Z * c.w));
}

// Where a cell is drawn: which small board (column, row in the 2x2 grid of D-2)
// and the column and row inside it, counted from the top-left.
export interface Placement {
  boardCol: number;
  boardRow: number;
  col: number;
  row: number;
}

export function place(index: number, d: Dims, flipped: boolean): Placement {
  const [X, Y, Z, W] = d;
  const c = coordOf(index, d);
  // D-2: Z columns (Z=0 left), W rows (W=1 on top); rank 4 at the top, file a left.
  return flipped
    ? { boardCol: Z - 1 - c.z, boardRow: c.w, col: X - 1 - c.x, row: c.y }
    : { boardCol: c.z, boardRow: W - 1 - c.w, col: c.x, row: Y - 1 - c.y };
}

export type Arrow = "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight";

// Focus movement: arrows within a board, Alt+arrows to the same cell of the
// neighbouring board (D-18). Directions are visual, so they follow the flip.
// Returns the same index at an edge.
export function neighbour(index: number, d: Dims, key: Arrow, alt: boolean, flipped: boolean): number {
  const [X, Y, Z, W] = d;
  const c = coordOf(index, d);
  const s = flipped ? -1 : 1;
  const right = key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
  const up = key === "ArrowUp" ? 1 : key === "ArrowDown" ? -1 : 0;
  const n = { ...c };
  if (alt) {
    n.z += right * s;
    n.w += up * s;
  } else {
    n.x += right * s;
    n.y += up * s;
  }
  if (n.x < 0 || n.x >= X || n.y < 0 || n.y >= Y || n.z < 0 || n.z >= Z || n.w < 0 || n.w >= W) return index;
  return indexOf(n, d);
}

// "[z,w]" label of a small board (4D), "" for ordinary boards.
export function boardLabel(d: Dims, z: number, w: number): string {
  return d[2] * d[3] > 1 ? `[${z},${w}]` : "";
}
