import { describe, expect, it } from "vitest";
import { matchPremove, premoveCandidates, premoveOf, premoveText } from "../src/premove";
import type { BoardState, LegalMove } from "../src/types";

const board: BoardState = {
  kind: "squares",
  dims: [3, 1, 1, 1],
  squares: ["a1", "b1", "c1"],
  pieces: "K.k",
  dormant: "",
  groups: "",
  hands: { white: "PP", black: "" },
  checked: [],
};
const move = (from: string, to: string, extra: Partial<LegalMove> = {}): LegalMove => ({ lan: from + to, from, to, kind: "move", piece: "", captures: [], ...extra });

describe("premoves", () => {
  it("offers every own piece to every other square, and hand pieces onto empty squares", () => {
    const white = premoveCandidates(board, "white");
    expect(white.filter((m) => m.kind === "move").map((m) => m.lan)).toEqual(["a1b1", "a1c1"]);
    expect(white.filter((m) => m.kind === "drop").map((m) => m.lan)).toEqual(["P@b1"]);
    expect(premoveCandidates(board, "black").map((m) => m.lan)).toEqual(["c1a1", "c1b1"]);
  });
  it("plays the legal move with the same squares, the first promotion of several, never a detonation", () => {
    const p = premoveOf(move("a1", "b1"));
    expect(matchPremove(p, [move("a1", "c1"), move("a1", "b1", { lan: "a1b1q", kind: "promotion", piece: "Q" }), move("a1", "b1", { lan: "a1b1r", kind: "promotion", piece: "R" })])?.lan).toBe("a1b1q");
    expect(matchPremove(p, [move("a1", "c1")])).toBeNull();
    expect(matchPremove(p, [move("a1", "b1", { kind: "detonation" })])).toBeNull();
  });
  it("matches a drop by its piece and square", () => {
    const p = premoveOf({ lan: "P@b1", from: "", to: "b1", kind: "drop", piece: "P", captures: [] });
    expect(premoveText(p)).toBe("P@b1");
    expect(matchPremove(p, [{ lan: "N@b1", from: "", to: "b1", kind: "drop", piece: "N", captures: [] }])).toBeNull();
    expect(matchPremove(p, [{ lan: "P@b1", from: "", to: "b1", kind: "drop", piece: "P", captures: [] }])?.lan).toBe("P@b1");
  });
});
