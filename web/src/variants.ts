// The server's variant registry (GET /api/variants), fetched once and kept:
// names, descriptions, start positions, board kind, numbering, piece names.
// Nothing in the client names a variant; it reads these descriptors, and the
// helpers below turn one into what a screen shows.
import { api } from "./api";
import type { FenLayout } from "./fen";
import { PIECE_NAMES } from "./pieces";

export type BoardKind = "squares" | "intersections" | "boards4d";
export type Numbering = "moves" | "plies";

export interface VariantInfo {
  id: string;
  name: string;
  description: string;
  board: BoardKind;
  numbering: Numbering;
  starts: { name: string; fen: string }[];
  start_kind: string; // what the starts are called ("formation"), or empty
  random_start: boolean;
  hand: string; // what pieces off the board are called ("hand", "reserve"), or empty
  pieces: { letter: string; name: string }[];
  // The variant's own marks on the board and what they mean there (with rule numbers).
  marks?: { mark: string; meaning: string }[];
  calibration: boolean;
  fen?: FenLayout; // how its FEN is written (the board editor)
}

// What each of the variant's own marks means, by mark ("dormant": "...").
export function markMeanings(info?: VariantInfo): Record<string, string> {
  return Object.fromEntries((info?.marks ?? []).map((m) => [m.mark, m.meaning]));
}

let cached: Promise<VariantInfo[]> | null = null;

// The variants in the order the site lists them. A failed request is not
// kept, so the next call asks again.
export function variants(): Promise<VariantInfo[]> {
  if (!cached) {
    cached = api.variants().then((r) => r.variants);
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

export function findVariant(list: VariantInfo[], id: string): VariantInfo | undefined {
  return list.find((v) => v.id === id);
}

// Piece names by White's letter: the variant's own, else the shared ones.
export function pieceNames(info?: VariantInfo): Record<string, string> {
  const names = { ...PIECE_NAMES };
  for (const p of info?.pieces ?? []) names[p.letter] = p.name;
  return names;
}

// The legend of a game screen: every piece of the variant, in its order.
export function legend(info?: VariantInfo): { letter: string; name: string }[] {
  return info?.pieces ?? [];
}

// "A", "A and B", "A, B and C".
export function listWords(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// A game's title: the variant's name, and the start when one was drawn or
// chosen among several ("formation 2").
export function gameTitle(info: VariantInfo | undefined, id: string, start: number): string {
  const name = info?.name ?? id;
  if (!start) return name;
  const which = info?.start_kind ? `${info.start_kind} ${start}` : (info?.starts[start - 1]?.name ?? `start ${start}`);
  return `${name} · ${which}`;
}

// What a side's pieces off the board are called; empty when the variant has none.
export function handName(info?: VariantInfo): string {
  return info?.hand ?? "";
}
