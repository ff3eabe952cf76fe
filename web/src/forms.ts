// The home page's forms read into requests, without the page: the time
// control's one rule and the import's choices.
import type { ImportOptions } from "./api";

// What is wrong with a time control, or null: an increment is added to a
// base time, so it cannot stand alone (0 minutes means no clock).
export function timeControlProblem(minutes: number, increment: number): string | null {
  if (minutes === 0 && increment > 0)
    return "An increment needs a base time: set the minutes above 0, or the increment to 0 for no clock.";
  return null;
}

export interface ImportChoice {
  record: string;
  opponent: "local" | "computer" | "online"; // who plays the rest of the game
  level: number;
  side: "to_move" | "white" | "black";
  minutes: number; // the continuation's clock; 0: none
  increment: number;
}

// The import request: a computer's level and the importer's side only where
// they apply, and a clock only when one is chosen for the continuation (the
// record does not say how much time each side had left).
export function importRequest(c: ImportChoice): ImportOptions {
  const out: ImportOptions = { record: c.record, mode: c.opponent };
  if (c.opponent === "computer") out.level = c.level;
  if (c.opponent !== "local") out.side = c.side;
  if (c.minutes > 0) {
    out.base_minutes = c.minutes;
    out.increment_seconds = c.increment;
  }
  return out;
}
