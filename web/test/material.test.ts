// The material balance shown beside each player's clock.
import { describe, expect, it } from "vitest";
import { surplus } from "../src/material";

describe("the material balance", () => {
  it("is even at the start, whatever the pieces", () => {
    expect(surplus({ pieces: "RNBQKBNRPPPPPPPP" + ".".repeat(32) + "pppppppprnbqkbnr", hands: { white: "", black: "" } })).toEqual({ white: [], black: [] });
  });
  it("shows what a side has more of: a Knight up for White, a Pawn up for Black", () => {
    expect(surplus({ pieces: "K.N..k..P.pp", hands: { white: "", black: "" } })).toEqual({ white: ["N"], black: ["P"] });
  });
  it("counts hands and reserves as the side's own", () => {
    // White's reserve holds a Rook Black no longer has.
    expect(surplus({ pieces: "K...k", hands: { white: "R", black: "" } })).toEqual({ white: ["R"], black: [] });
    expect(surplus({ pieces: "K.R.k", hands: { white: "", black: "R" } })).toEqual({ white: [], black: [] });
  });
  it("leaves the Kings out (Wataku has two a side)", () => {
    expect(surplus({ pieces: "KK.k", hands: { white: "", black: "" } })).toEqual({ white: [], black: [] });
  });
});
