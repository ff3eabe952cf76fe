import { describe, expect, it } from "vitest";
import { command, HELP } from "../src/blind";
import type { GameState } from "../src/types";

const names = { K: "King", Q: "Queen", N: "Knight", P: "Pawn" };
// A 2x2x2x2 "board" with four boards (as 4D), and a plain 3x2 one.
function state(over: Partial<GameState> = {}, dims: [number, number, number, number] = [3, 2, 1, 1], pieces = "KN.pnk"): GameState {
  const [X, Y, Z, W] = dims;
  const squares: string[] = [];
  for (let i = 0; i < X * Y * Z * W; ++i) {
    const x = i % X, y = Math.floor(i / X) % Y, z = Math.floor(i / (X * Y)) % Z, w = Math.floor(i / (X * Y * Z));
    squares.push(`${String.fromCharCode(97 + x)}${y + 1}${Z * W > 1 ? `[${z},${w}]` : ""}`);
  }
  return {
    type: "state", id: "g", variant: "v", mode: "local", level: 4, formation: 0, start_fen: "x w - 1", fen: "", version: 1,
    board: { kind: "squares", dims, squares, pieces, dormant: "", groups: "", hands: { white: "QPP", black: "" }, checked: [] },
    turn: "white", moves: [{ lan: "a1a2", san: "Na2" }], legal_moves: [], clock: null, status: "playing", result: "*", termination: "",
    draw_offer: null, seats: { white: "", black: "" }, you: "both", present: { white: true, black: true }, abortable: false, ...over,
  };
}

describe("screen-reader commands", () => {
  it("finds a kind of piece by letter or name, both sides", () => {
    expect(command("p N", state(), names, "", 0)).toEqual({ say: "White Knight: b1. Black Knight: b2." });
    expect(command("p knights", state(), names, "", 0)).toEqual({ say: "White Knight: b1. Black Knight: b2." });
    expect(command("p queen", state(), names, "", 0)).toEqual({ say: "White Queen: none. Black Queen: none." });
    expect("say" in command("p dragon", state(), names, "", 0)).toBe(true);
  });
  it("reads a file, a rank, and in 4D a board", () => {
    expect(command("s a", state(), names, "", 0)).toEqual({ say: "a1 white King, a2 black Pawn." });
    expect(command("s 2", state(), names, "", 0)).toEqual({ say: "a2 black Pawn, b2 black Knight, c2 black King." });
    const four = state({}, [2, 1, 2, 2], "K..k....");
    expect(command("s [0,0]", four, names, "", 0)).toEqual({ say: "a1[0,0] white King, b1[0,0] empty." });
    expect(command("s [1,0]", four, names, "", 0)).toEqual({ say: "a1[1,0] empty, b1[1,0] black King." });
    expect((command("s [2,0]", four, names, "", 0) as { say: string }).say).toMatch(/^Which squares/);
    expect((command("s z", state(), names, "", 0) as { say: string }).say).toMatch(/^Which squares/);
  });
  it("reads the hands, the clocks, the last move and the turn", () => {
    expect(command("r", state(), names, "reserve", 0)).toEqual({ say: "White reserve: 1 Queen and 2 Pawn. Black reserve: empty." });
    expect(command("r", state(), names, "", 0)).toEqual({ say: "This variant has no pieces off the board." });
    const timed = state({ clock: { base_ms: 60000, inc_ms: 0, white_ms: 61000, black_ms: 30000, running: "white" } });
    expect(command("c", timed, names, "", 1000)).toEqual({ say: "White 1:00, Black 0:30. White's clock is running." });
    expect(command("l", state(), names, "", 0)).toEqual({ say: "White played Na2 (ply 1)." });
    expect(command("t", state({ board: { ...state().board, checked: ["a1"] } }), names, "", 0)).toEqual({ say: "White to move, in check." });
  });
  it("takes anything else for a move, and an empty line for help", () => {
    expect(command("Nf3", state(), names, "", 0)).toEqual({ move: "Nf3" });
    expect(command(" e2e4 ", state(), names, "", 0)).toEqual({ move: "e2e4" });
    expect(command("", state(), names, "", 0)).toEqual({ say: HELP });
    expect(command("h", state(), names, "", 0)).toEqual({ say: HELP });
  });
});
