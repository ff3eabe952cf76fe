// The home page's finished games, merged from the first page and older ones.
import { describe, expect, it } from "vitest";
import type { GameList, GameSummary } from "../src/api";
import { FinishedPages } from "../src/listing";

const game = (id: string, updated_ms: number): GameSummary => ({
  id, variant: "chess", mode: "local", level: 0, plies: 2, status: "over", result: "0-1", termination: "white resigned", updated_ms,
});
const page = (recent: GameSummary[], next: string | null): GameList => ({ live: [], recent, next });
const ids = (p: FinishedPages) => p.shown.map((g) => g.id);

describe("FinishedPages", () => {
  it("offers the first page's next until an older page is read, then that page's", () => {
    const p = new FinishedPages();
    p.setFirst(page([game("d", 40), game("c", 30)], "30:c"));
    expect(p.next).toBe("30:c");
    p.addOlder(page([game("b", 20), game("a", 10)], null));
    expect(p.next).toBeNull();
    expect(ids(p)).toEqual(["d", "c", "b", "a"]);
  });

  it("keeps what it showed when a refresh brings newer games, with no gap and no repeat", () => {
    const p = new FinishedPages();
    p.setFirst(page([game("d", 40), game("c", 30)], "30:c"));
    p.addOlder(page([game("b", 20)], "20:b"));
    // Two games end: the refreshed first page no longer reaches c.
    p.setFirst(page([game("f", 60), game("e", 50)], "50:e"));
    expect(ids(p)).toEqual(["f", "e", "d", "c", "b"]);
    expect(p.next).toBe("20:b");
    p.setFirst(page([game("f", 60), game("e", 50)], "50:e"));
    expect(ids(p)).toEqual(["f", "e", "d", "c", "b"]);
  });

  it("shows just the first page until an older one is read", () => {
    const p = new FinishedPages();
    p.setFirst(page([game("d", 40), game("c", 30)], "30:c"));
    p.setFirst(page([game("e", 50), game("d", 40)], "40:d"));
    expect(ids(p)).toEqual(["e", "d"]);
    expect(p.next).toBe("40:d");
  });

  it("lists a game on both the first and an older page once, and orders equal times by id", () => {
    const p = new FinishedPages();
    p.setFirst(page([game("x", 5), game("y", 5)], "5:x"));
    p.addOlder(page([game("x", 5), game("w", 5)], null));
    expect(ids(p)).toEqual(["y", "x", "w"]);
  });
});
