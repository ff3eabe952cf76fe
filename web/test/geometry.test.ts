import { describe, expect, it } from "vitest";
import { coordOf, indexOf, neighbour, place, type Dims } from "../src/geometry";

const D4: Dims = [4, 4, 2, 2];
const CHESS: Dims = [8, 8, 1, 1];

describe("geometry", () => {
  it("round-trips cell indices and coordinates", () => {
    for (let i = 0; i < 64; ++i) expect(indexOf(coordOf(i, D4), D4)).toBe(i);
    expect(coordOf(16 + 32, D4)).toEqual({ x: 0, y: 0, z: 1, w: 1 });
  });

  it("lays out the four 4D boards as D-2 says: Z columns, W rows with W=1 on top", () => {
    const a1_00 = place(0, D4, false);
    expect(a1_00).toEqual({ boardCol: 0, boardRow: 1, col: 0, row: 3 });
    const a1_01 = place(32, D4, false);
    expect(a1_01.boardCol).toBe(0);
    expect(a1_01.boardRow).toBe(0);
    const d4_10 = place(3 + 12 + 16, D4, false);
    expect(d4_10).toEqual({ boardCol: 1, boardRow: 1, col: 3, row: 0 });
  });

  it("flips the view for Black", () => {
    expect(place(0, CHESS, true)).toEqual({ boardCol: 0, boardRow: 0, col: 7, row: 0 });
  });

  it("moves focus with arrows inside a board and Alt+arrows across boards (D-18)", () => {
    expect(neighbour(0, D4, "ArrowRight", false, false)).toBe(1);
    expect(neighbour(0, D4, "ArrowUp", false, false)).toBe(4);
    expect(neighbour(0, D4, "ArrowUp", true, false)).toBe(32); // a1[0,0] -> a1[0,1]
    expect(neighbour(0, D4, "ArrowRight", true, false)).toBe(16); // a1[0,0] -> a1[1,0]
    expect(neighbour(0, D4, "ArrowLeft", false, false)).toBe(0); // edge
    expect(neighbour(0, D4, "ArrowDown", true, false)).toBe(0);
    expect(neighbour(1, D4, "ArrowRight", false, true)).toBe(0); // flipped: visual right is toward file a
  });
});
