// The post-game review as the analysis board shows it (docs/api.md,
// "Reviews"): the marks' symbols, and the evaluation curve as SVG. Pure, so
// it is tested without a browser.

export type MarkKind = "inaccuracy" | "mistake" | "blunder";

export interface ReviewMove {
  ply: number;
  side: "white" | "black";
  san: string;
  loss: number;
  mark?: MarkKind;
  best?: string | null;
}

export interface Review {
  engine: string;
  variant: string;
  plies: number;
  slope: number;
  evals: ({ cp: number } | { mate: number } | { outcome: string })[];
  expected: number[];
  best: (string | null)[];
  moves: ReviewMove[];
  summary: Record<"white" | "black", { inaccuracies: number; mistakes: number; blunders: number; average_loss: number }>;
}

export const MARK_SYMBOL: Record<MarkKind, string> = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// The curve: White's expected score per ply (0 at the bottom is Black's
// win), a dot at each marked move, a line at the ply shown. Width and
// height in the SVG's own units; the page scales it.
export function curveSvg(review: Review, shown: number, width = 300, height = 80): string {
  const n = Math.max(1, review.expected.length - 1);
  const x = (ply: number) => ((ply / n) * width).toFixed(1);
  const y = (e: number) => ((1 - e) * height).toFixed(1);
  const points = review.expected.map((e, ply) => `${x(ply)},${y(e)}`).join(" ");
  const area = `0,${height} ${points} ${width},${height}`;
  const dots = review.moves
    .filter((m) => m.mark)
    .map((m) => `<circle class="dot ${m.mark}" cx="${x(m.ply)}" cy="${y(review.expected[m.ply])}" r="3.5"><title>${m.ply}. ${m.san}: ${m.mark}</title></circle>`)
    .join("");
  return `<svg class="curve" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" role="img" aria-label="Evaluation curve: White's expected score over the game">` +
    `<rect class="black-side" x="0" y="0" width="${width}" height="${height}"/>` +
    `<polygon class="white-area" points="${area}"/>` +
    `<line class="half" x1="0" y1="${height / 2}" x2="${width}" y2="${height / 2}"/>` +
    `<line class="shown" x1="${x(shown)}" y1="0" x2="${x(shown)}" y2="${height}"/>` +
    dots +
    `</svg>`;
}

// The ply a click at fraction `f` (0-1) of the curve's width stands for.
export function plyAt(review: Review, f: number): number {
  const n = review.expected.length - 1;
  return Math.max(0, Math.min(n, Math.round(f * n)));
}

// "White: 1 inaccuracy, 2 blunders, average loss 3.1%" — for each side.
export function summaryText(review: Review, side: "white" | "black"): string {
  const s = review.summary[side];
  const parts: string[] = [];
  const count = (n: number, one: string, many: string) => n > 0 && parts.push(`${n} ${n === 1 ? one : many}`);
  count(s.inaccuracies, "inaccuracy", "inaccuracies");
  count(s.mistakes, "mistake", "mistakes");
  count(s.blunders, "blunder", "blunders");
  const name = side === "white" ? "White" : "Black";
  return `${name}: ${parts.length ? parts.join(", ") : "no marked moves"}; average loss ${(s.average_loss * 100).toFixed(1)}%`;
}
