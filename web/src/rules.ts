/// <reference types="vite/client" />
// Rules pages, written in our own words from the project's rules specification,
// with diagrams whose marks come from the engine itself: each diagram asks the
// server for the legal moves of a position and marks those of one piece.
// Each variant's page is rules/<id>.ts; they are found, not listed, and shown
// in the order of the server's variant list.
import { api } from "./api";
import { BoardView } from "./board";
import { MoveInput } from "./controller";
import { findVariant, pieceNames, variants, type VariantInfo } from "./variants";

export interface Diagram {
  title: string;
  piece?: string; // the piece letter the diagram shows (every piece of the variant has one)
  fen: string;
  from: string; // the piece whose moves are marked ("" with reserve: a drop)
  reserve?: string;
  caption: string;
}

// What a rules/<id>.ts file exports as `page`; its title is the variant's name.
export interface RulesPage {
  intro: string;
  sections: { heading: string; text: string[] }[];
  diagrams: Diagram[];
  hint?: string; // a tip shown on a new game's screen until the first move
}

const modules = import.meta.glob<{ page: RulesPage }>("./rules/*.ts", { eager: true });
const PAGES = new Map(Object.entries(modules).map(([path, m]) => [path.slice(path.lastIndexOf("/") + 1, -".ts".length), m.page]));

export function rulesPage(id: string): RulesPage | undefined {
  return PAGES.get(id);
}

// The variants that have a rules page, in the server's order.
export function rulesPages(list: VariantInfo[]): { info: VariantInfo; page: RulesPage }[] {
  return list.flatMap((info) => {
    const page = PAGES.get(info.id);
    return page ? [{ info, page }] : [];
  });
}

export async function renderRules(root: HTMLElement, variant: string) {
  const page = rulesPage(variant);
  if (!page) {
    root.innerHTML = `<p>No rules page for ${variant}. <a href="#/">Home</a></p>`;
    return;
  }
  const here = location.hash;
  const info = findVariant(await variants().catch(() => []), variant);
  if (location.hash !== here) return; // the user has already left the page
  const names = pieceNames(info);
  root.innerHTML = `<article class="rules"><h1>${info?.name ?? variant}: rules</h1><p>${page.intro}</p>${page.sections
    .map((s) => `<h2>${s.heading}</h2>${s.text.map((t) => `<p>${t}</p>`).join("")}`)
    .join("")}<h2>Pieces at work</h2><p class="note">The marks are the engine's own legal moves for each position.</p><div class="diagrams">${page.diagrams
    .map((d, i) => `<figure class="diagram"${d.piece ? ` data-piece="${names[d.piece]}" data-from="${d.from}"` : ""}><div class="board-host small" id="diagram-${i}"></div><figcaption><strong>${d.title}.</strong> ${d.caption}</figcaption></figure>`)
    .join("")}</div><p><a href="#/">Home</a></p></article>`;
  await Promise.all(
    page.diagrams.map(async (d, i) => {
      const host = root.querySelector<HTMLElement>(`#diagram-${i}`)!;
      try {
        const view = await api.moves(variant, d.fen);
        if (!host.isConnected) return;  // the user has already left the page
        const input = new MoveInput(view.legal_moves, false);
        if (d.reserve) input.selection = { square: null, reserve: d.reserve };
        else input.selection = { square: d.from, reserve: null };
        const board = new BoardView(host, input, () => undefined);
        board.render(view.board, { interactive: false, names });
      } catch (e) {
        host.textContent = `Diagram unavailable: ${(e as Error).message}`;
      }
    }),
  );
}
