import { describe, expect, it } from "vitest";
import { keyStep, plyName, positionName, reviewStatus, stepsEnabled, stepTo } from "../src/review";

describe("stepTo", () => {
  it("steps back from the live game to the last ply but one", () => {
    expect(stepTo(null, 4, "prev")).toBe(3);
    expect(stepTo(3, 4, "prev")).toBe(2);
  });
  it("stops at the start", () => {
    expect(stepTo(0, 4, "prev")).toBe(0);
    expect(stepTo(2, 4, "start")).toBe(0);
    expect(stepTo(null, 0, "prev")).toBeNull(); // no moves: the start is the live game
  });
  it("returns to the live game after the last ply", () => {
    expect(stepTo(2, 4, "next")).toBe(3);
    expect(stepTo(3, 4, "next")).toBeNull();
    expect(stepTo(null, 4, "next")).toBeNull();
    expect(stepTo(1, 4, "live")).toBeNull();
  });
});

describe("stepsEnabled", () => {
  it("disables Previous at the start, Next and Live in the live game", () => {
    expect(stepsEnabled(null, 4)).toEqual({ prev: true, next: false, live: false });
    expect(stepsEnabled(0, 4)).toEqual({ prev: false, next: true, live: true });
    expect(stepsEnabled(2, 4)).toEqual({ prev: true, next: true, live: true });
    expect(stepsEnabled(null, 0)).toEqual({ prev: false, next: false, live: false });
  });
});

describe("keyStep", () => {
  it("steps with the arrows on a journal entry only: the board keeps its arrows", () => {
    expect(keyStep("ArrowLeft", true)).toBe("prev");
    expect(keyStep("ArrowRight", true)).toBe("next");
    expect(keyStep("ArrowLeft", false)).toBeNull();
    expect(keyStep("ArrowUp", false)).toBeNull();
  });
  it("steps with the page keys anywhere it is asked", () => {
    for (const inJournal of [true, false]) {
      expect(keyStep("PageUp", inJournal)).toBe("prev");
      expect(keyStep("PageDown", inJournal)).toBe("next");
      expect(keyStep("Home", inJournal)).toBe("start");
      expect(keyStep("End", inJournal)).toBe("live");
    }
    expect(keyStep("Enter", true)).toBeNull();
  });
});

describe("naming the reviewed position", () => {
  const sans = ["e4", "e5", "Nf3", "Nc6"];
  it("numbers move pairs, with an ellipsis for Black", () => {
    expect(plyName(sans, 1, "moves", false)).toBe("1. e4");
    expect(plyName(sans, 2, "moves", false)).toBe("1… e5");
    expect(plyName(sans, 3, "moves", false)).toBe("2. Nf3");
  });
  it("starts with Black's move when Black moves first", () => {
    expect(plyName(["e5", "Nf3"], 1, "moves", true)).toBe("1… e5");
    expect(plyName(["e5", "Nf3"], 2, "moves", true)).toBe("2. Nf3");
  });
  it("numbers every ply with \"plies\" numbering (4D, D-16)", () => {
    expect(plyName(sans, 2, "plies", false)).toBe("2. e5");
  });
  it("says which ply of how many, and that the game goes on", () => {
    expect(positionName(sans, 0, "moves", false)).toBe("the start position (ply 0 of 4)");
    expect(reviewStatus(sans, 4, "moves", false, false)).toBe("Reviewing the position after 2… Nc6 (ply 4 of 4) — the game goes on");
    expect(reviewStatus(sans, 2, "moves", false, true)).toBe("Reviewing the position after 1… e5 (ply 2 of 4) — the game has ended");
  });
});
