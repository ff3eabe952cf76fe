// The hands or reserves beside a board (the pieces a side holds off it), as
// buttons that select a piece to drop. Shared by the game screen and the
// analysis board.
import type { Action, MoveInput } from "./controller";
import { pieceSvg } from "./pieces";
import type { BoardState, Side } from "./types";

export interface HandsLook {
  hands: BoardState["hands"];
  bottom: Side; // the side drawn at the bottom (the board's orientation)
  turn: Side;
  canMove: boolean; // the player may move now (their turn, the live position)
  title: string; // what the variant calls them ("reserve", "hand"), "" if it has none
  names: Record<string, string>;
}

export function renderHands(top: HTMLElement, bottom: HTMLElement, look: HandsLook, input: MoveInput, onAction: (a: Action) => void) {
  const sides: [HTMLElement, Side][] = [
    [top, look.bottom === "white" ? "black" : "white"],
    [bottom, look.bottom],
  ];
  for (const [el, side] of sides) {
    const letters = look.hands[side];
    // A variant without hands shows none; one with hands shows empty ones too.
    if (!letters && !look.title) {
      el.innerHTML = "";
      continue;
    }
    const counts = new Map<string, number>();
    for (const l of letters) counts.set(l, (counts.get(l) ?? 0) + 1);
    const mine = look.canMove && look.turn === side;
    const title = look.title || "hand";
    el.innerHTML =
      `<span class="hand-title">${side === "white" ? "White" : "Black"} ${title}${letters ? "" : ": empty"}</span>` +
      [...counts]
        .map(([l, n]) => {
          const letter = side === "white" ? l : l.toLowerCase();
          // Both hands use upper-case letters: only the mover's button shows the selection.
          const selected = mine && input.selection.reserve === l;
          const enabled = mine && input.reserveSelectable(l);
          return `<button type="button" class="reserve${selected ? " selected" : ""}" data-side="${side}" data-reserve="${l}" ${enabled ? "" : "disabled"} aria-pressed="${selected}" aria-label="${side} ${look.names[l] ?? l} in ${title}, ${n} left">${pieceSvg(letter)}<span class="count">${n}</span></button>`;
        })
        .join("");
    el.querySelectorAll<HTMLButtonElement>("button[data-reserve]").forEach((b) => {
      b.addEventListener("click", () => {
        if (dragged) return void (dragged = false); // the drag has done it
        onAction(input.clickReserve(b.dataset.reserve!));
      });
      b.addEventListener("pointerdown", (e) => dragReserve(b, e, input, onAction));
    });
  }
}

let dragged = false; // a drag from a reserve just ended: its click is not a second action

// A piece dragged from a hand onto the board: past a few pixels it is
// selected (its drops are marked) and a copy follows the pointer; let go on
// a square, it is dropped there, as a click on the piece and then the square.
function dragReserve(button: HTMLButtonElement, down: PointerEvent, input: MoveInput, onAction: (a: Action) => void) {
  if (button.disabled || down.button !== 0) return;
  const letter = button.dataset.reserve!;
  let ghost: HTMLElement | null = null;
  const move = (e: PointerEvent) => {
    if (!ghost) {
      if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < 6) return;
      const cell = document.querySelector<HTMLElement>("#board [data-sq]");
      const size = cell?.getBoundingClientRect().width ?? 48;
      ghost = document.createElement("div");
      ghost.className = "drag-ghost";
      ghost.setAttribute("aria-hidden", "true");
      ghost.style.width = ghost.style.height = `${size}px`;
      ghost.innerHTML = button.querySelector("svg")?.outerHTML ?? "";
      document.body.appendChild(ghost);
      if (input.selection.reserve !== letter) onAction(input.clickReserve(letter));
    }
    const half = ghost.offsetWidth / 2;
    ghost.style.transform = `translate(${e.clientX - half}px, ${e.clientY - half}px)`;
  };
  const up = (e: PointerEvent) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    if (!ghost) return; // a click: the click handler selects the piece
    ghost.remove();
    dragged = true;
    setTimeout(() => (dragged = false), 0);
    const target = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>("#board [data-sq]");
    onAction(target ? input.clickSquare(target.dataset.sq!) : input.clear());
  };
  // A gesture the browser takes over (a scroll, a system gesture) drops nothing.
  const cancel = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    if (!ghost) return;
    ghost.remove();
    onAction(input.clear());
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
}
