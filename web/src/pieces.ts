// Our own piece drawings, one silhouette per piece kind on a 100x100 canvas,
// so that every piece — Dragon, Detonator, Flying Guillotine, Ninja Pawn,
// Ferz- and Wazir-Knight, Turtle included — is told apart at a glance.

const HORSE = "M30 85 L70 85 L68 70 C80 55 78 30 60 18 L55 10 L50 20 C35 22 22 35 25 50 L38 48 L30 60 Z";

const SHAPES: Record<string, string> = {
  K: `<path d="M25 85 H75 L70 50 C72 40 62 34 50 44 C38 34 28 40 30 50 Z"/><path d="M50 10 V36 M40 20 H60" fill="none"/>`,
  Q: `<path d="M22 85 H78 L72 55 L82 28 L64 48 L50 20 L36 48 L18 28 L28 55 Z"/><circle cx="18" cy="26" r="5"/><circle cx="50" cy="17" r="5"/><circle cx="82" cy="26" r="5"/>`,
  R: `<path d="M28 85 H72 V75 H66 V42 H72 V18 H62 V26 H55 V18 H45 V26 H38 V18 H28 V42 H34 V75 H28 Z"/>`,
  B: `<path d="M30 85 H70 L64 72 C76 58 70 36 50 14 C30 36 24 58 36 72 Z"/><path d="M45 40 L58 30" fill="none"/>`,
  N: `<path d="${HORSE}"/><circle cx="52" cy="30" r="3"/>`,
  P: `<circle cx="50" cy="35" r="14"/><path d="M32 85 H68 L60 55 H40 Z"/>`,
  J: `<circle cx="50" cy="35" r="14"/><path d="M32 85 H68 L60 55 H40 Z"/><path d="M35 33 H65 M65 33 L78 26 M65 33 L78 40" fill="none" stroke-width="5"/><path d="M50 65 l3 7 7 0 -6 4 2 7 -6 -4 -6 4 2 -7 -6 -4 7 0 z" stroke-width="1.5"/>`,
  // The Ferz- and Wazir-Knight carry a large badge that stays readable on a
  // 27px square: a diamond with a diagonal cross (one diagonal step) or a
  // square with an upright cross (one orthogonal step).
  F: `<path d="${HORSE}"/><circle cx="52" cy="30" r="3"/><path d="M75 50 L99 74 L75 98 L51 74 Z" stroke-width="4"/><path d="M67 66 L83 82 M83 66 L67 82" fill="none" stroke-width="7"/>`,
  W: `<path d="${HORSE}"/><circle cx="52" cy="30" r="3"/><path d="M55 54 H97 V96 H55 Z" stroke-width="4"/><path d="M76 61 V89 M62 75 H90" fill="none" stroke-width="7"/>`,
  D: `<path d="M50 88 L42 60 L10 30 L30 58 L8 50 L40 72 L50 20 L60 72 L92 50 L70 58 L90 30 L58 60 Z"/><circle cx="50" cy="22" r="7"/>`,
  X: `<circle cx="48" cy="58" r="27"/><path d="M62 36 L72 22" fill="none" stroke-width="6"/><path d="M74 20 l4 -10 M76 20 l9 -5 M76 22 l9 3" fill="none" stroke-width="3"/><path d="M36 50 A14 14 0 0 1 48 42" fill="none" stroke-width="4"/>`,
  G: `<path d="M22 88 V14 H78 V88 H68 V24 H32 V88 Z"/><path d="M32 40 L68 28 V50 L32 62 Z"/><path d="M18 88 H82" fill="none"/>`,
  T: `<path d="M20 70 C20 40 80 40 80 70 Z"/><path d="M35 50 L50 44 L65 50 M50 44 V68" fill="none" stroke-width="3"/><circle cx="84" cy="62" r="8"/><path d="M26 70 v10 M74 70 v10" fill="none" stroke-width="7"/>`,
};

// The names of the drawn pieces, by White's letter: the fallback where a
// variant's descriptor does not name a letter (its own names come first).
export const PIECE_NAMES: Record<string, string> = {
  K: "King",
  Q: "Queen",
  R: "Rook",
  B: "Bishop",
  N: "Knight",
  P: "Pawn",
  J: "Ninja Pawn",
  F: "Ferz-Knight",
  W: "Wazir-Knight",
  D: "Dragon",
  X: "Detonator",
  G: "Flying Guillotine",
  T: "Turtle",
};

// "white Rook", "black Turtle": `names` by White's letter (a variant's own).
export function pieceName(letter: string, names: Record<string, string> = PIECE_NAMES): string {
  const side = letter === letter.toUpperCase() ? "white" : "black";
  return `${side} ${names[letter.toUpperCase()] ?? PIECE_NAMES[letter.toUpperCase()] ?? letter}`;
}

// The drawing of a FEN letter (upper case White, lower case Black) on a
// 100x100 canvas, as an SVG group.
export function pieceShape(letter: string): string {
  const white = letter === letter.toUpperCase();
  const shape = SHAPES[letter.toUpperCase()] ?? `<text x="50" y="62" text-anchor="middle" font-size="40">${letter}</text>`;
  const fill = white ? "#fbfaf5" : "#26221f";
  const stroke = white ? "#1d1b19" : "#f3efe6";
  return `<g fill="${fill}" stroke="${stroke}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${shape}</g>`;
}

// An inline SVG for a FEN letter; its class says the side (white/black).
export function pieceSvg(letter: string, extraClass = ""): string {
  const side = letter === letter.toUpperCase() ? "white" : "black";
  return `<svg class="piece ${side}${extraClass ? " " + extraClass : ""}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${pieceShape(letter)}</svg>`;
}
