import { describe, expect, it } from "vitest";
import { moveSquares } from "../src/game";

describe("moveSquares", () => {
  const chess = ["e2", "e4", "e7", "e8"];
  const four = ["a1[0,0]", "a1[0,1]", "a1[1,0]"];
  it("reads the from and to squares of a LAN", () => {
    expect(moveSquares("e2e4", chess)).toEqual({ from: "e2", to: "e4" });
    expect(moveSquares("e7e8q", chess)).toEqual({ from: "e7", to: "e8" });
    expect(moveSquares("a1[0,0]a1[0,1]", four)).toEqual({ from: "a1[0,0]", to: "a1[0,1]" });
  });
  it("gives the square of a drop, and the Detonator's own square", () => {
    expect(moveSquares("J@e4", chess)).toEqual({ from: "e4", to: "e4" });
    expect(moveSquares("e4x", chess)).toEqual({ from: "e4", to: "e4" });
  });
  it("prefers the longest square name (e10 over e1)", () => {
    expect(moveSquares("e9e10d", ["e1", "e9", "e10"])).toEqual({ from: "e9", to: "e10" });
  });
});
