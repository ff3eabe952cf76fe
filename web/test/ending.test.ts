// Aborted and abandoned endings in words, and the abort and claim actions,
// from the server's state (docs/api.md, "Aborting and leaving a game").
import { describe, expect, it } from "vitest";
import { absenceText, absentOpponent, claimLabel, claimWait, endActions, isOver, listOutcome, resultText } from "../src/ending";
import { gameState } from "./fixture";

const state = gameState;

describe("isOver and resultText", () => {
  it("treat an aborted game as over although its result is *", () => {
    const aborted = state({ status: "aborted", result: "*", termination: "aborted" });
    expect(isOver(aborted)).toBe(true);
    expect(resultText(aborted)).toBe("Game aborted.");
  });

  it("name the winner of an abandoned game and how it ended", () => {
    const s = state({ status: "over", result: "1-0", termination: "black abandoned the game" });
    expect(resultText(s)).toBe("White wins (black abandoned the game).");
    expect(resultText(state({ status: "over", result: "1/2-1/2", termination: "draw agreed" }))).toBe("Draw (draw agreed).");
  });

  it("say nothing while the game goes on", () => {
    expect(isOver(state())).toBe(false);
    expect(resultText(state())).toBe("");
  });
});

describe("listOutcome", () => {
  it("marks an aborted row as aborted, not as a result", () => {
    expect(listOutcome({ status: "aborted", result: "*", termination: "aborted" })).toBe(", aborted");
    expect(listOutcome({ status: "over", result: "0-1", termination: "white abandoned the game" })).toBe(", 0-1 (white abandoned the game)");
    expect(listOutcome({ status: "playing", result: "*", termination: "" })).toBe("");
  });
});

describe("endActions", () => {
  it("offers Abort instead of Resign while the game may be aborted", () => {
    expect(endActions(state({ abortable: true }))).toEqual({ abort: true, resign: false, claim: false });
    expect(endActions(state({ abortable: false }))).toEqual({ abort: false, resign: true, claim: false });
  });

  it("offers the claim only when the server gives its time", () => {
    expect(endActions(state({ claim_in_ms: 5000 })).claim).toBe(true);
    expect(endActions(state({ claim_in_ms: 0 })).claim).toBe(true);
  });

  it("offers nothing to a spectator or once the game is over", () => {
    expect(endActions(state({ you: null, abortable: true }))).toEqual({ abort: false, resign: false, claim: false });
    expect(endActions(state({ status: "aborted", abortable: false }))).toEqual({ abort: false, resign: false, claim: false });
  });
});

describe("the claim countdown", () => {
  it("counts down from the state's claim_in_ms and stops at zero", () => {
    expect(claimWait(120_000, 1_000)).toBe(119_000);
    expect(claimWait(1_000, 5_000)).toBe(0);
  });

  it("shows minutes and seconds, then the claim itself", () => {
    expect(claimLabel(119_000)).toBe("Claim victory in 1:59");
    expect(claimLabel(400)).toBe("Claim victory in 0:01");
    expect(claimLabel(0)).toBe("Claim victory");
  });
});

describe("absence", () => {
  it("names the opponent who left an online game", () => {
    const s = state({ present: { white: true, black: false }, claim_in_ms: 30_000 });
    expect(absentOpponent(s)).toBe("black");
    expect(absenceText(s, 30_000)).toBe("Black left the game; you may claim victory if they are not back within 30 s.");
    expect(absenceText(s, 0)).toBe("Black left the game; you may claim victory.");
    expect(absenceText(s, null)).toBe("Black left the game.");
  });

  it("says nothing of a present opponent, the computer, a spectator or a finished game", () => {
    expect(absentOpponent(state())).toBeNull();
    expect(absentOpponent(state({ mode: "computer", seats: { white: "you", black: "computer" }, present: { white: true, black: true } }))).toBeNull();
    expect(absentOpponent(state({ you: null, present: { white: false, black: false } }))).toBeNull();
    expect(absentOpponent(state({ status: "over", result: "1-0", present: { white: true, black: false } }))).toBeNull();
  });
});
