// The home page's forms, read into requests: the time control and the import.
import { describe, expect, it } from "vitest";
import { importRequest, timeControlProblem } from "../src/forms";

describe("timeControlProblem", () => {
  it("says that an increment needs a base time", () => {
    expect(timeControlProblem(0, 5)).toMatch(/increment needs a base time/);
  });
  it("accepts no clock, and a base with or without an increment", () => {
    expect(timeControlProblem(0, 0)).toBeNull();
    expect(timeControlProblem(5, 0)).toBeNull();
    expect(timeControlProblem(5, 3)).toBeNull();
  });
});

describe("importRequest", () => {
  const record = "1. e4 e5 *";
  it("continues on this device without a clock by default", () => {
    expect(importRequest({ record, opponent: "local", level: 4, side: "to_move", minutes: 0, increment: 0 })).toEqual({ record, mode: "local" });
  });
  it("continues against the computer at the chosen level, as the side to move", () => {
    expect(importRequest({ record, opponent: "computer", level: 2, side: "to_move", minutes: 0, increment: 0 })).toEqual({
      record,
      mode: "computer",
      level: 2,
      side: "to_move",
    });
  });
  it("sends a clock only when one is chosen for the continuation", () => {
    expect(importRequest({ record, opponent: "local", level: 4, side: "white", minutes: 3, increment: 2 })).toEqual({
      record,
      mode: "local",
      base_minutes: 3,
      increment_seconds: 2,
    });
  });
});
