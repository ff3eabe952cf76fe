// How a game's end and its players' absence are put in words, and which of
// the end-of-game actions (abort, claim) a player has: pure functions of the
// server's state, so they are tested without a browser. The server decides
// everything (docs/api.md, "Aborting and leaving a game"); the client only
// reads `status`, `abortable`, `present` and `claim_in_ms`.
import type { GameState, Side } from "./types";

type Outcome = Pick<GameState, "result" | "termination"> & { status?: GameState["status"] };

// Over: with a result, or aborted (whose result is "*", like a game going on).
export function isOver(s: Outcome): boolean {
  return s.status !== undefined ? s.status !== "playing" : s.result !== "*";
}

export function isAborted(s: Outcome): boolean {
  return s.status === "aborted";
}

// "White wins (checkmate).", "Draw (draw agreed).", "Game aborted.", or "" while it goes on.
export function resultText(s: Outcome): string {
  if (!isOver(s)) return "";
  if (isAborted(s)) return "Game aborted.";
  const who = s.result === "1-0" ? "White wins" : s.result === "0-1" ? "Black wins" : "Draw";
  return `${who} (${s.termination}).`;
}

// How a game list row ends: ", aborted", ", 1-0 (white resigned)", or nothing while it goes on.
export function listOutcome(g: Outcome): string {
  if (!isOver(g)) return "";
  if (isAborted(g)) return ", aborted";
  return `, ${g.result} (${g.termination})`;
}

// The human opponent of the viewer who is away from a game going on, if any
// (a spectator, a local game and the computer have none).
export function absentOpponent(s: GameState): Side | null {
  if (isOver(s) || s.mode !== "online" || (s.you !== "white" && s.you !== "black")) return null;
  const other: Side = s.you === "white" ? "black" : "white";
  if (s.seats[other] !== "human" || !s.present || s.present[other]) return null;
  return other;
}

// The actions a seated player has besides moving: abort while the game may be
// aborted (instead of resigning), else resign; claim when the server offers it.
// (Takebacks: offers.ts.)
export function endActions(s: GameState): { abort: boolean; resign: boolean; claim: boolean } {
  const playing = s.you !== null && !isOver(s);
  return {
    abort: playing && s.abortable === true,
    resign: playing && s.abortable !== true,
    claim: playing && typeof s.claim_in_ms === "number",
  };
}

// Milliseconds until the claim is allowed, `elapsed` ms after the state arrived.
export function claimWait(claimInMs: number, elapsed: number): number {
  return Math.max(0, claimInMs - elapsed);
}

// The claim button's text: a countdown in whole seconds, then the claim itself.
export function claimLabel(waitMs: number): string {
  if (waitMs <= 0) return "Claim victory";
  const total = Math.ceil(waitMs / 1000);
  const m = Math.floor(total / 60);
  const sec = String(total % 60).padStart(2, "0");
  return `Claim victory in ${m}:${sec}`;
}

// A line for the player whose opponent is away: "Black left the game." and
// what the claim allows.
export function absenceText(s: GameState, waitMs: number | null): string {
  const other = absentOpponent(s);
  if (!other) return "";
  const name = other === "white" ? "White" : "Black";
  if (waitMs === null) return `${name} left the game.`;
  return waitMs > 0
    ? `${name} left the game; you may claim victory if they are not back within ${Math.ceil(waitMs / 1000)} s.`
    : `${name} left the game; you may claim victory.`;
}
