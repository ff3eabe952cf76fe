// The pages shown instead of a game: a game that does not exist, a join that failed.
import { describe, expect, it } from "vitest";
import { joinFailedPage, notFoundPage } from "../src/notices";

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);

describe("notFoundPage", () => {
  it("says the game was not found and links home", () => {
    const html = notFoundPage("doesnotexist");
    expect(html).toMatch(/<h1[^>]*>Game not found<\/h1>/);
    expect(html).toContain("doesnotexist");
    expect(links(html)).toContainEqual(["#/", "Go to the home page"]);
  });

  it("escapes the id from the address", () => {
    const html = notFoundPage('<img src=x onerror="alert(1)">');
    expect(html).not.toContain("<img");
    expect(html).toContain("&#60;img");
  });
});

describe("joinFailedPage", () => {
  it("keeps the server's reason for a taken seat and offers watching or going home", () => {
    const html = joinFailedPage("abc123", { status: 409, message: "both seats are taken" });
    expect(html).toMatch(/role="alert"[^>]*>[^<]*both seats are taken/i);
    expect(links(html)).toEqual([
      ["#/game/abc123", "Watch as a spectator"],
      ["#/", "Go to the home page"],
    ]);
  });

  it("explains a wrong invitation and a game that is over", () => {
    expect(joinFailedPage("abc123", { status: 403, message: "wrong invitation code" })).toMatch(/invitation link is not valid/i);
    expect(joinFailedPage("abc123", { status: 409, message: "the game is over" })).toMatch(/already over/);
  });

  it("is the not-found page when the game does not exist", () => {
    expect(joinFailedPage("gone", { status: 404, message: "no game 'gone'" })).toBe(notFoundPage("gone"));
  });

  it("offers to try again when the server could not be reached", () => {
    const html = joinFailedPage("abc123", { status: 0, message: "Failed to fetch" });
    expect(html).toContain('id="join-retry"');
    expect(html).toContain("Failed to fetch");
  });
});
