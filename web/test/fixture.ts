// A game state for the tests of the page's pure functions: an online chess
// game going on, White (the viewer) to move, with what a test changes.
import type { GameState } from "../src/types";

export function gameState(over: Partial<GameState> = {}): GameState {
  return {
    type: "state", id: "g", variant: "chess", mode: "online", level: 0, formation: 0, start_fen: "", fen: "", version: 1,
    board: { kind: "squares", dims: [8, 8, 1, 1], squares: [], pieces: "", dormant: "", groups: "", hands: { white: "", black: "" }, checked: [] },
    turn: "white", moves: [], legal_moves: [], clock: null, status: "playing", result: "*", termination: "", draw_offer: null,
    seats: { white: "you", black: "human" }, you: "white", present: { white: true, black: true }, abortable: false,
    ...over,
  };
}
