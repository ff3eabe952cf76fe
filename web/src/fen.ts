// Writing a FEN from an edited board, by the variant's FenLayout from
// /api/variants (core/variant_info.h): no variant is named here. The
// placement is the board as drawn, read row by row from the top with small
// boards side by side; the hand lists each side's letters in the layout's
// order; the castling field its letters in the layout's order. Pure, so it is
// tested without a browser; the server says whether the result is a legal
// position.
import { place, type Dims } from "./geometry";

export interface FenLayout {
  fields: string[]; // "placement", "side", "castling", "ep", "hand", "halfmove", "fullmove"
  hand_order: string;
  castling: string;
}

export interface EditedPosition {
  dims: Dims;
  pieces: string[]; // one FEN letter or "." per cell, by index
  hands: { white: string; black: string }; // upper-case letters, any order
  turn: "white" | "black";
  castling: string; // the letters kept, any order
  rest: Record<string, string>; // fields kept as they were: ep, halfmove, fullmove
}

export function placement(dims: Dims, pieces: string[]): string {
  const [X, Y, Z, W] = dims;
  const grid = Array.from({ length: W * Y }, () => Array<string>(Z * X).fill("."));
  pieces.forEach((letter, i) => {
    const p = place(i, dims, false);
    grid[p.boardRow * Y + p.row][p.boardCol * X + p.col] = letter;
  });
  return grid
    .map((row) => {
      let out = "";
      let run = 0;
      for (const c of row) {
        if (c === ".") {
          ++run;
          continue;
        }
        if (run) out += String(run);
        run = 0;
        out += c;
      }
      return run ? out + String(run) : out;
    })
    .join("/");
}

// The letters of `hand` in `order`, each as often as it is there.
function ordered(hand: string, order: string): string {
  return [...order].map((l) => l.repeat([...hand].filter((c) => c === l).length)).join("");
}

export function writeFen(layout: FenLayout, p: EditedPosition): string {
  return layout.fields
    .map((f) => {
      if (f === "placement") return placement(p.dims, p.pieces);
      if (f === "side") return p.turn === "white" ? "w" : "b";
      if (f === "hand") {
        const text = ordered(p.hands.white, layout.hand_order) + ordered(p.hands.black, layout.hand_order).toLowerCase();
        return text || "-";
      }
      if (f === "castling") return [...layout.castling].filter((c) => p.castling.includes(c)).join("") || "-";
      return p.rest[f] ?? (f === "fullmove" ? "1" : f === "halfmove" ? "0" : "-");
    })
    .join(" ");
}

// The fields of a FEN by the layout's names (missing ones are absent).
export function readFields(layout: FenLayout, fen: string): Record<string, string> {
  const parts = fen.trim().split(/\s+/);
  return Object.fromEntries(layout.fields.map((f, i) => [f, parts[i]]).filter(([, v]) => v !== undefined));
}
