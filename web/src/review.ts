// Stepping through the journal while the game goes on: which ply a step
// reaches, which steps are possible, how the reviewed position is named.
// Pure, so it is tested without a browser; the game screen does the drawing.
import type { Numbering } from "./variants";

// The ply shown: a number under review (0 the start), null the live game.
export type Shown = number | null;
export type Step = "prev" | "next" | "start" | "live";

// The ply a step reaches from `shown`, in a game of `total` plies; null is
// the live game (the position after the last ply is the live one).
export function stepTo(shown: Shown, total: number, step: Step): Shown {
  const at = shown ?? total;
  const target = step === "prev" ? at - 1 : step === "next" ? at + 1 : step === "start" ? 0 : total;
  const clamped = Math.max(0, Math.min(total, target));
  return clamped >= total ? null : clamped;
}

// Which of Previous, Next and Live can be used.
export function stepsEnabled(shown: Shown, total: number): Record<"prev" | "next" | "live", boolean> {
  const at = shown ?? total;
  return { prev: at > 0, next: shown !== null, live: shown !== null };
}

// The step a key asks for: arrows only on a journal entry (on the board they
// move the focus between squares), the page keys on the board too.
export function keyStep(key: string, inJournal: boolean): Step | null {
  switch (key) {
    case "PageUp":
      return "prev";
    case "PageDown":
      return "next";
    case "Home":
      return "start";
    case "End":
      return "live";
    case "ArrowLeft":
    case "ArrowUp":
      return inJournal ? "prev" : null;
    case "ArrowRight":
    case "ArrowDown":
      return inJournal ? "next" : null;
    default:
      return null;
  }
}

// A ply as the journal numbers it: "12. e4", "12… Nf6"; with "plies"
// numbering every ply has its own number.
export function plyName(sans: string[], ply: number, numbering: Numbering, blackFirst: boolean): string {
  const san = sans[ply - 1] ?? "";
  if (numbering === "plies") return `${ply}. ${san}`;
  const index = ply - 1 + (blackFirst ? 1 : 0); // counted from a White move
  const number = Math.floor(index / 2) + 1;
  return index % 2 === 0 ? `${number}. ${san}` : `${number}… ${san}`;
}

// "the start position" or "the position after 12… Nf6 (ply 24 of 40)".
export function positionName(sans: string[], ply: number, numbering: Numbering, blackFirst: boolean): string {
  if (ply === 0) return `the start position (ply 0 of ${sans.length})`;
  return `the position after ${plyName(sans, ply, numbering, blackFirst)} (ply ${ply} of ${sans.length})`;
}

// The status line while reviewing: what is shown, and that the game is elsewhere.
export function reviewStatus(sans: string[], ply: number, numbering: Numbering, blackFirst: boolean, over: boolean): string {
  return `Reviewing ${positionName(sans, ply, numbering, blackFirst)} — ${over ? "the game has ended" : "the game goes on"}`;
}
