// Takeback and rematch offers between the players of an online game, as the
// page shows them from the server's state (docs/api.md, "Takebacks", "Rematches").
import { describe, expect, it } from "vitest";
import { offerNews, rematchButtons, rematchControls, takebackButtons, takebackControls } from "../src/offers";
import type { GameState } from "../src/types";
import { gameState } from "./fixture";

function state(over: Partial<GameState> = {}): GameState {
  return gameState({ moves: [{ lan: "e2e4", san: "e4" }], takeback_offer: null, rematch: { offer: null, game: null }, ...over });
}
const over = { status: "over" as const, result: "1-0", termination: "black resigned" };

describe("takebackControls", () => {
  it("takes back at once against the computer or on one device, with or without a clock", () => {
    const clock = { base_ms: 60000, inc_ms: 0, white_ms: 60000, black_ms: 60000, running: "white" as const };
    expect(takebackControls(state({ mode: "computer" }))).toBe("now");
    expect(takebackControls(state({ mode: "local", you: "both", clock }))).toBe("now");
    expect(takebackButtons("now")).toContain(">Take back<");
  });

  it("online: asks, waits after asking, and answers the opponent's request", () => {
    expect(takebackControls(state())).toBe("ask");
    expect(takebackControls(state({ takeback_offer: "white" }))).toBe("asked");
    expect(takebackControls(state({ takeback_offer: "black" }))).toBe("answer");
    expect(takebackButtons("answer")).toContain('id="takeback-accept"');
    expect(takebackButtons("answer")).toContain('id="takeback-decline"');
  });

  it("offers nothing before a move, to a spectator or after the end", () => {
    expect(takebackControls(state({ moves: [] }))).toBe("none");
    expect(takebackControls(state({ you: null }))).toBe("none");
    expect(takebackControls(state(over))).toBe("none");
    expect(takebackButtons("none")).toBe("");
  });
});

describe("rematchControls", () => {
  it("after an online game: offer, wait, answer, then follow the rematch", () => {
    expect(rematchControls(state(over))).toEqual({ kind: "offer" });
    expect(rematchControls(state({ ...over, rematch: { offer: "white", game: null } }))).toEqual({ kind: "offered" });
    expect(rematchControls(state({ ...over, rematch: { offer: "black", game: null } }))).toEqual({ kind: "answer" });
    const started = rematchControls(state({ ...over, rematch: { offer: null, game: "abc123" } }));
    expect(started).toEqual({ kind: "started", game: "abc123", player: true });
    expect(rematchButtons(started)).toContain('data-act="rematch-go"');
  });

  it("a spectator only follows a rematch; nothing while playing, offline or without an opponent", () => {
    expect(rematchControls(state({ ...over, you: null }))).toEqual({ kind: "none" });
    expect(rematchControls(state({ ...over, you: null, rematch: { offer: null, game: "x" } }))).toEqual({ kind: "started", game: "x", player: false });
    expect(rematchButtons({ kind: "started", game: "x", player: false })).toContain('href="#/game/x"');
    expect(rematchControls(state())).toEqual({ kind: "none" });
    expect(rematchControls(state({ ...over, mode: "computer" }))).toEqual({ kind: "none" });
    expect(rematchControls(state({ ...over, status: "aborted", seats: { white: "you", black: "open" } }))).toEqual({ kind: "none" });
  });
});

describe("offerNews", () => {
  it("announces the opponent's new offers, not one's own nor one already standing", () => {
    const asked = state({ takeback_offer: "black" });
    expect(offerNews(state(), asked)).toBe("Black asks to take back their last move.");
    expect(offerNews(asked, asked)).toBe("");
    expect(offerNews(state(), state({ takeback_offer: "white" }))).toBe("");
    const rematch = state({ ...over, rematch: { offer: "black", game: null } });
    expect(offerNews(state(over), rematch)).toBe("Black offers a rematch.");
    expect(offerNews(null, rematch)).toBe("Black offers a rematch.");
  });
});
