// Players beside the clocks, rating changes at the end, the rating graph (docs/ratings.md).
import { describe, expect, it } from "vitest";
import { playerTag, ratingChanges, ratingGraph, ratingText } from "../src/players";
import { gameState } from "./fixture";

const state = gameState;

describe("players", () => {
  it("marks a provisional rating with a question mark", () => {
    expect(ratingText({ rating: 1500, provisional: true })).toBe("1500?");
    expect(ratingText({ rating: 1712, provisional: false })).toBe("1712");
  });

  it("names a seat's account with a link to its page, escaped, and nothing for an anonymous seat", () => {
    const s = state({ players: { white: { name: "a<b", rating: 1500, provisional: true }, black: null } });
    expect(playerTag(s, "white")).toBe(' · <a href="#/player/a%3Cb">a&#60;b</a> (1500?)');
    expect(playerTag(s, "black")).toBe("");
    expect(playerTag(state(), "white")).toBe("");
  });

  it("says how a rated game changed both ratings, and nothing for a casual game", () => {
    const players = { white: { name: "Alice", rating: 1338, provisional: true, before: 1500 }, black: { name: "Bob", rating: 1662, provisional: true, before: 1500 } };
    expect(ratingChanges(state({ rated: true, status: "over", players }))).toBe("Alice 1500 → 1338 (−162), Bob 1500 → 1662 (+162).");
    expect(ratingChanges(state({ rated: false, players }))).toBe("");
    expect(ratingChanges(state({ rated: true, players: { white: { name: "A", rating: 1500, provisional: true }, black: null } }))).toBe("");
  });

  it("draws one point per rated game, with the ratings in its label", () => {
    const svg = ratingGraph([{ at_ms: 1, rating: 1500 }, { at_ms: 2, rating: 1520 }, { at_ms: 3, rating: 1490 }], "chess");
    expect(svg.match(/<circle/g)?.length).toBe(3);
    expect(svg).toContain('aria-label="chess: 1500, 1520, 1490"');
    expect(ratingGraph([], "chess")).toBe("");
  });
});
