// The dialog that asks which of several moves sharing their squares is
// meant (#promotion in the game and analysis screens): usually a promotion's
// piece, or a King step and a castling to the same square.
import { choiceLabel } from "./controller";
import { escapeHtml } from "./game";
import { pieceSvg } from "./pieces";
import type { LegalMove, Side } from "./types";

export function chooseMove(root: HTMLElement, options: LegalMove[], turn: Side | undefined, names: Record<string, string>, pick: (lan: string) => void) {
  const dialog = root.querySelector<HTMLDialogElement>("#promotion")!;
  const side = turn === "black" ? (l: string) => l.toLowerCase() : (l: string) => l;
  root.querySelector("#promotion-title")!.textContent = options.every((m) => m.kind === "promotion") ? "Promote to" : "Choose the move";
  const name = (m: LegalMove) => choiceLabel(m, names);
  const host = root.querySelector<HTMLElement>("#promotion-options")!;
  host.innerHTML = options
    .map((m) => `<button type="button" data-lan="${m.lan}" aria-label="${escapeHtml(name(m))}">${m.piece ? pieceSvg(side(m.piece)) : ""}<span>${escapeHtml(name(m))}</span></button>`)
    .join("");
  host.querySelectorAll<HTMLButtonElement>("button").forEach((b) =>
    b.addEventListener("click", () => {
      dialog.close();
      pick(b.dataset.lan!);
    }),
  );
  dialog.showModal();
  host.querySelector<HTMLButtonElement>("button")?.focus();
}
