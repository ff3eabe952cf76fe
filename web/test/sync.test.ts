// The game state from the server's pushes: the compact legal moves decoded,
// moves and updates applied to the version before their own, stale pushes
// ignored and gaps reported.
import { describe, expect, it } from "vitest";
import { applyPush, decodeLegal, fromWire } from "../src/sync";
import type { Delta, GameState, WireState } from "../src/types";

const WIRE: WireState = {
  type: "state",
  id: "g1",
  variant: "chess",
  mode: "local",
  level: 0,
  formation: 0,
  start_fen: "start",
  fen: "start",
  version: 0,
  board: {
    kind: "squares",
    dims: [8, 8, 1, 1],
    squares: ["a1", "b1"],
    pieces: "RN",
    dormant: "",
    groups: "",
    hands: { white: "", black: "" },
    checked: [],
  },
  turn: "white",
  moves: [],
  legal: { e2: ["e3", "e4"] },
  clock: { base_ms: 300000, inc_ms: 3000, white_ms: 300000, black_ms: 300000, running: null },
  status: "playing",
  result: "*",
  termination: "",
  draw_offer: null,
  seats: { white: "you", black: "you" },
  you: "both",
  present: { white: false, black: false },
  abortable: true,
};

describe("decodeLegal", () => {
  it("reads destinations, captures and drops with their defaults", () => {
    expect(decodeLegal({ e4: ["e5", "xd5"], "Q@": ["a1", "a10"] })).toEqual([
      { lan: "e4e5", from: "e4", to: "e5", kind: "move", piece: "", captures: [] },
      { lan: "e4d5", from: "e4", to: "d5", kind: "capture", piece: "", captures: ["d5"] },
      { lan: "Q@a1", from: "", to: "a1", kind: "drop", piece: "Q", captures: [] },
      { lan: "Q@a10", from: "", to: "a10", kind: "drop", piece: "Q", captures: [] },
    ]);
  });

  it("reads the fields an object gives and defaults the others", () => {
    expect(
      decodeLegal({
        e7: [{ to: "e8", lan: "e7e8q", kind: "promotion", piece: "Q" }],
        e5: [{ to: "d6", kind: "en-passant", captures: ["d5"] }],
        e1: [{ to: "g1", lan: "e1g1c", kind: "castling" }],
        e8: [{ to: "e8", lan: "e8x", kind: "detonation", captures: ["d7", "e7"] }],
        "a1[0,0]": ["xb2[0,1]"],
      }),
    ).toEqual([
      { lan: "e7e8q", from: "e7", to: "e8", kind: "promotion", piece: "Q", captures: [] },
      { lan: "e5d6", from: "e5", to: "d6", kind: "en-passant", piece: "", captures: ["d5"] },
      { lan: "e1g1c", from: "e1", to: "g1", kind: "castling", piece: "", captures: [] },
      { lan: "e8x", from: "e8", to: "e8", kind: "detonation", piece: "", captures: ["d7", "e7"] },
      { lan: "a1[0,0]b2[0,1]", from: "a1[0,0]", to: "b2[0,1]", kind: "capture", piece: "", captures: ["b2[0,1]"] },
    ]);
  });
});

describe("applyPush", () => {
  const held = fromWire(WIRE);
  const move: Delta = {
    type: "move",
    version: 1,
    ply: 1,
    lan: "b1c3",
    san: "Nc3",
    fen: "after",
    turn: "black",
    board: { pieces: "R." },
    legal: { b8: ["c6"] },
    clock: { white_ms: 299000, running: "black" },
  };

  it("replaces the held state with a full one", () => {
    const r = applyPush(held, { ...WIRE, version: 7, legal: {} });
    expect(r.kind).toBe("state");
    if (r.kind === "state") {
      expect(r.state.version).toBe(7);
      expect(r.state.legal_moves).toEqual([]);
    }
  });

  it("applies a move: the ply, the board and clock field by field, the new legal moves", () => {
    const r = applyPush(held, move);
    expect(r.kind).toBe("state");
    const s = (r as { state: GameState }).state;
    expect(s.version).toBe(1);
    expect(s.moves).toEqual([{ lan: "b1c3", san: "Nc3" }]);
    expect(s.fen).toBe("after");
    expect(s.turn).toBe("black");
    expect(s.board.pieces).toBe("R.");
    expect(s.board.squares).toEqual(["a1", "b1"]);
    expect(s.clock).toEqual({ base_ms: 300000, inc_ms: 3000, white_ms: 299000, black_ms: 300000, running: "black" });
    expect(s.legal_moves.map((m) => m.lan)).toEqual(["b8c6"]);
    expect(s.result).toBe("*");
    expect(held.moves).toEqual([]); // the held state is left as it was
  });

  it("applies an update: a result and an empty list of legal moves, a withdrawn offer", () => {
    const offered = applyPush(held, { type: "update", version: 1, draw_offer: "white" });
    const s1 = (offered as { state: GameState }).state;
    expect(s1.draw_offer).toBe("white");
    const ended = applyPush(s1, { type: "update", version: 2, draw_offer: null, result: "1/2-1/2", termination: "draw agreed", legal: {} });
    const s2 = (ended as { state: GameState }).state;
    expect(s2.draw_offer).toBeNull();
    expect(s2.result).toBe("1/2-1/2");
    expect(s2.termination).toBe("draw agreed");
    expect(s2.legal_moves).toEqual([]);
    expect(s2.moves).toEqual([]);
  });

  it("applies a seat's arrival and an abort: presence, status, termination, abortable", () => {
    const arrived = applyPush(held, { type: "update", version: 1, present: { white: true, black: false } });
    const s1 = (arrived as { state: GameState }).state;
    expect(s1.present).toEqual({ white: true, black: false });
    expect(s1.abortable).toBe(true);
    const aborted = applyPush(s1, { type: "update", version: 2, status: "aborted", termination: "aborted", abortable: false, legal: {} });
    const s2 = (aborted as { state: GameState }).state;
    expect(s2.status).toBe("aborted");
    expect(s2.result).toBe("*");
    expect(s2.termination).toBe("aborted");
    expect(s2.abortable).toBe(false);
    expect(s2.present).toEqual({ white: true, black: false });
    expect(s2.legal_moves).toEqual([]);
  });

  it("keeps a player's claim from each push and drops it on null", () => {
    const left = applyPush(held, { type: "update", version: 1, present: { white: true, black: false }, claim_in_ms: 120000 });
    const s1 = (left as { state: GameState }).state;
    expect(s1.claim_in_ms).toBe(120000);
    const moved = applyPush(s1, { ...move, version: 2, claim_in_ms: 90000 });
    const s2 = (moved as { state: GameState }).state;
    expect(s2.claim_in_ms).toBe(90000);
    const offer = applyPush(s2, { type: "update", version: 3, draw_offer: "white" });
    expect((offer as { state: GameState }).state.claim_in_ms).toBe(90000);
    const back = applyPush(s2, { type: "update", version: 3, present: { white: true, black: true }, claim_in_ms: null });
    const s3 = (back as { state: GameState }).state;
    expect("claim_in_ms" in s3).toBe(false);
    expect(s3.present).toEqual({ white: true, black: true });
  });

  it("ignores what the state already has and reports a gap", () => {
    expect(applyPush(held, { ...move, version: 0 })).toEqual({ kind: "stale" });
    expect(applyPush(held, { ...move, version: 2 })).toEqual({ kind: "gap" });
    expect(applyPush(held, { ...move, ply: 2 })).toEqual({ kind: "gap" });
    expect(applyPush(null, move)).toEqual({ kind: "gap" });
  });
});
