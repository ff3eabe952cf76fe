// The lobby's list (lobby.ts): applied from the server's messages in any
// order the deltas may arrive in, and each row's actions for its viewer.
import { describe, expect, test } from "vitest";
import { applyLobby, challengeRow, reposts, type Challenge } from "../src/lobby";
import type { VariantInfo } from "../src/variants";

const c = (id: number, more: Partial<Challenge> = {}): Challenge => ({
  id,
  by: null,
  rating: null,
  bot: false,
  variant: "chess",
  base_minutes: 3,
  increment_seconds: 2,
  rated: false,
  side: "random",
  ...more,
});
const variants = [{ id: "chess", name: "Chess" }] as VariantInfo[];

describe("applyLobby", () => {
  test("the list replaces, an added one again changes nothing, an unknown removal neither", () => {
    const list = new Map<number, Challenge>();
    expect(applyLobby(list, { type: "lobby", you: null, challenges: [c(1), c(2)] })).toBe(true);
    expect([...list.keys()]).toEqual([1, 2]);
    expect(applyLobby(list, { type: "added", challenge: c(2) })).toBe(false);
    expect(applyLobby(list, { type: "added", challenge: c(3) })).toBe(true);
    expect(applyLobby(list, { type: "removed", id: 9 })).toBe(false);
    expect(applyLobby(list, { type: "removed", id: 1 })).toBe(true);
    expect([...list.keys()]).toEqual([2, 3]);
    // A delta read before the list (registered first, listed after) is covered by the list.
    expect(applyLobby(list, { type: "lobby", you: null, challenges: [c(3)] })).toBe(true);
    expect([...list.keys()]).toEqual([3]);
    expect(applyLobby(list, { type: "pong" })).toBe(false);
  });
});

describe("challengeRow", () => {
  const me = { name: "Bob", bot: false, created_ms: 0 };
  test("one's own is cancelled, another's accepted, a direct one to me declined too", () => {
    expect(challengeRow(c(1), variants, new Set([1]), null)).toContain('data-cancel="1"');
    const open = challengeRow(c(2, { by: "Alice", rating: 1612 }), variants, new Set(), me);
    expect(open).toContain('data-accept="2"');
    expect(open).toContain("Alice");
    expect(open).toContain("(1612)");
    expect(open).not.toContain("data-decline");
    const direct = challengeRow(c(3, { by: "Alice", rating: 1500, to: "bob" }), variants, new Set(), me);
    expect(direct).toContain('data-decline="3"');
    expect(direct).toContain("→ bob");
  });
  test("a rated challenge asks an anonymous viewer to log in; a bot is marked", () => {
    const rated = challengeRow(c(4, { by: "Alice", rating: 1500, rated: true }), variants, new Set(), null);
    expect(rated).not.toContain("data-accept");
    expect(rated).toContain("Log in to play rated");
    expect(challengeRow(c(5, { by: "Botty", rating: 1500, bot: true }), variants, new Set(), me)).toContain(">BOT<");
    expect(challengeRow(c(6, { by: "<b>x</b>" }), variants, new Set(), me)).not.toContain("<b>x</b>");
  });
});

describe("reposts", () => {
  test("a lost connection's own challenges still listed are posted again as they were", () => {
    const list = new Map<number, Challenge>([
      [1, c(1, { by: "Bob", side: "black", rated: true, variant: "wreckage", base_minutes: 5, increment_seconds: 3 })],
      [2, c(2, { by: "Ann" })],
      [3, c(3, { by: "Bob", to: "Carl" })],
    ]);
    expect(reposts(list, new Set([1, 3, 7]))).toEqual([
      { type: "challenge", variant: "wreckage", base_minutes: 5, increment_seconds: 3, side: "black", rated: true },
      { type: "challenge", variant: "chess", base_minutes: 3, increment_seconds: 2, side: "random", rated: false, to: "Carl" },
    ]);
    expect(reposts(list, new Set())).toEqual([]);
  });
});
