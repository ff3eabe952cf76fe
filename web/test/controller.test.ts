import { describe, expect, it } from "vitest";
import { choiceLabel, formatClock, journal, MoveInput } from "../src/controller";
import type { LegalMove } from "../src/types";

const mv = (lan: string, from: string, to: string, kind: LegalMove["kind"] = "move", captures: string[] = [], piece = ""): LegalMove => ({
  lan,
  san: lan,
  from,
  to,
  kind,
  piece,
  captures,
});

const LEGAL: LegalMove[] = [
  mv("e2e4", "e2", "e4"),
  mv("e2e3", "e2", "e3"),
  mv("d4e5", "d4", "e5", "capture", ["e5"]),
  mv("e9e10q", "e9", "e10", "promotion", [], "Q"),
  mv("e9e10d", "e9", "e10", "promotion", [], "D"),
  mv("e8x", "e8", "e8", "detonation", ["d7", "e7"]),
  mv("e8e6", "e8", "e6"),
  mv("J@e4", "", "e4", "drop", [], "J"),
  mv("f4h4", "f4", "h4", "capture", ["g4", "h4"]),
  mv("c3e3", "c3", "e3", "traverse"),
];

describe("MoveInput", () => {
  it("marks the destinations of the selected piece only", () => {
    const input = new MoveInput(LEGAL, true);
    expect(input.clickSquare("e2")).toEqual({ type: "select", selection: { square: "e2", reserve: null } });
    expect([...input.marks().keys()].sort()).toEqual(["e3", "e4"]);
    expect(input.marks().get("e4")).toBe("move");
  });

  it("plays the move when a marked destination is chosen", () => {
    const input = new MoveInput(LEGAL, true);
    input.clickSquare("d4");
    expect(input.marks().get("e5")).toBe("capture");
    expect(input.clickSquare("e5")).toEqual({ type: "move", lan: "d4e5" });
    expect(input.selection.square).toBeNull();
  });

  it("asks for a choice when several moves share the squares (promotion)", () => {
    const input = new MoveInput(LEGAL, true);
    input.clickSquare("e9");
    const a = input.clickSquare("e10");
    expect(a.type).toBe("choose");
    if (a.type === "choose") expect(a.options.map((o) => o.piece).sort()).toEqual(["D", "Q"]);
  });

  it("offers detonation as an action, not as a destination", () => {
    const input = new MoveInput(LEGAL, true);
    input.clickSquare("e8");
    expect(input.detonation()?.lan).toBe("e8x");
    expect(input.marks().has("e8")).toBe(false);
    expect(input.marks().get("e6")).toBe("move");
  });

  it("previews every square a capture empties besides the destination", () => {
    const input = new MoveInput(LEGAL, true);
    input.clickSquare("f4");
    expect(input.preview("h4")).toEqual(["g4"]);
  });

  it("drops a reserve piece on a marked square", () => {
    const input = new MoveInput(LEGAL, true);
    expect(input.clickReserve("J").type).toBe("select");
    expect(input.marks().get("e4")).toBe("drop");
    expect(input.clickSquare("e4")).toEqual({ type: "move", lan: "J@e4" });
  });

  it("marks Traverses distinctly", () => {
    const input = new MoveInput(LEGAL, true);
    input.clickSquare("c3");
    expect(input.marks().get("e3")).toBe("traverse");
  });

  it("ignores clicks when it is not the user's turn", () => {
    const input = new MoveInput(LEGAL, false);
    expect(input.clickSquare("e2")).toEqual({ type: "none", square: "e2" });
    expect(input.marks().size).toBe(0);
  });

  it("clears the selection on a click elsewhere or Escape", () => {
    const input = new MoveInput(LEGAL, true);
    input.clickSquare("e2");
    expect(input.clickSquare("a1")).toEqual({ type: "clear", square: "a1" });
    input.clickSquare("e2");
    expect(input.clear()).toEqual({ type: "clear" });
    expect(input.candidates()).toEqual([]);
  });

  it("shows both kinds where a King step and a castling share a square", () => {
    const input = new MoveInput([mv("f1g1", "f1", "g1"), mv("f1g1c", "f1", "g1", "castling"), mv("f1e1", "f1", "e1"), mv("f1h1c", "f1", "h1", "castling")], true);
    input.clickSquare("f1");
    expect(input.marks().get("g1")).toBe("move-castling");
    expect(input.marks().get("e1")).toBe("move");
    expect(input.marks().get("h1")).toBe("castling");
  });

  it("marks a capturing promotion as both", () => {
    const input = new MoveInput([mv("d7c8q", "d7", "c8", "promotion", ["c8"], "Q"), mv("d7c8n", "d7", "c8", "promotion", ["c8"], "N"), mv("d7d8q", "d7", "d8", "promotion", [], "Q")], true);
    input.clickSquare("d7");
    expect(input.marks().get("c8")).toBe("promotion-capture");
    expect(input.marks().get("d8")).toBe("promotion");
  });

  it("completes a drag from a piece to a destination", () => {
    const input = new MoveInput(LEGAL, true);
    expect(input.drop("e2", "e4")).toEqual({ type: "move", lan: "e2e4" });
    expect(input.drop("e2", "h8")).toEqual({ type: "clear" });
  });
});

describe("journal", () => {
  it("numbers every ply with \"plies\" numbering (4D chess, D-16)", () => {
    expect(journal(["a", "b", "c"], "plies", false).map((l) => l.number)).toEqual(["1.", "2.", "3."]);
  });
  it("numbers move pairs with \"moves\" numbering, Black first when Black starts", () => {
    expect(journal(["a", "b", "c"], "moves", false)).toEqual([
      { number: "1.", moves: ["a", "b"] },
      { number: "2.", moves: ["c"] },
    ]);
    expect(journal(["a", "b"], "moves", true)[0]).toEqual({ number: "1...", moves: ["a"] });
  });
});

describe("formatClock", () => {
  it("shows minutes and seconds, tenths under ten seconds", () => {
    expect(formatClock(65000)).toBe("1:05");
    expect(formatClock(3600000)).toBe("1:00:00");
    expect(formatClock(9500)).toBe("0:10.5");
    expect(formatClock(-5)).toBe("0:00");
  });
});

describe("choiceLabel", () => {
  it("names a promotion by its piece, else by SAN or by what the move does", () => {
    const names = { Q: "Queen" };
    expect(choiceLabel(mv("e7e8q", "e7", "e8", "promotion", [], "Q"), names)).toBe("Queen");
    expect(choiceLabel({ ...mv("e1g1c", "e1", "g1", "castling"), san: undefined }, names)).toBe("Castle to g1");
    expect(choiceLabel({ ...mv("e1g1", "e1", "g1"), san: undefined }, names)).toBe("Move to g1");
    expect(choiceLabel({ ...mv("e1g1", "e1", "g1"), san: "Kg1" }, names)).toBe("Kg1");
  });
});
