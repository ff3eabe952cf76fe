// The analysis board's move tree: a root position and the moves played from
// it, each node one move with its variations. The first child of a node is
// its main line; moves made on the board add a child (or go to the one
// already there), so a game loaded into the tree stays as it was and every
// try becomes a variation. Pure, so it is tested without a browser.

export interface TreeNode {
  id: number;
  lan: string; // "" for the root
  san: string;
  ply: number; // plies from the root
  parent: number | null;
  children: number[];
}

export class MoveTree {
  private nodes: TreeNode[] = [{ id: 0, lan: "", san: "", ply: 0, parent: null, children: [] }];

  get root(): TreeNode {
    return this.nodes[0];
  }

  node(id: number): TreeNode {
    const n = this.nodes[id];
    if (!n) throw new Error(`no node ${id}`);
    return n;
  }

  // The child of `parent` reached by `lan`: the one there, else a new one
  // (the last of its variations).
  add(parent: number, lan: string, san: string): TreeNode {
    const p = this.node(parent);
    const there = p.children.map((c) => this.nodes[c]).find((c) => c.lan === lan);
    if (there) return there;
    const n: TreeNode = { id: this.nodes.length, lan, san, ply: p.ply + 1, parent: parent, children: [] };
    this.nodes.push(n);
    p.children.push(n.id);
    return n;
  }

  // Moves (with their SAN) played one after another from `parent`; the last node.
  addLine(parent: number, moves: { lan: string; san: string }[]): TreeNode {
    let at = this.node(parent);
    for (const m of moves) at = this.add(at.id, m.lan, m.san);
    return at;
  }

  // The nodes from the root's first move to `id`.
  path(id: number): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n: TreeNode | null = this.node(id); n && n.parent !== null; n = n.parent === null ? null : this.nodes[n.parent]) out.push(n);
    return out.reverse();
  }

  lans(id: number): string[] {
    return this.path(id).map((n) => n.lan);
  }

  // The main line on from `id`: its first child, that one's first child, ...
  mainline(id: number): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n = this.node(id); n.children.length > 0; n = this.nodes[n.children[0]]) out.push(this.nodes[n.children[0]]);
    return out;
  }

  // Where a step leads: back to the parent, on along the main line, to the
  // root, or to the end of the main line from here.
  step(id: number, step: "prev" | "next" | "start" | "end"): number {
    const n = this.node(id);
    if (step === "prev") return n.parent ?? id;
    if (step === "next") return n.children[0] ?? id;
    if (step === "start") return 0;
    const line = this.mainline(id);
    return line.length ? line[line.length - 1].id : id;
  }

  // Makes the variation holding `id` its parent's main line, at each branch
  // on the way up from it, as far as the root.
  promote(id: number) {
    for (let n = this.node(id); n.parent !== null; n = this.nodes[n.parent]) {
      const p = this.nodes[n.parent];
      p.children = [n.id, ...p.children.filter((c) => c !== n.id)];
    }
  }

  // Removes the node and everything after it; the parent of it is returned
  // (the root cannot be removed).
  remove(id: number): number {
    const n = this.node(id);
    if (n.parent === null) return id;
    const p = this.nodes[n.parent];
    p.children = p.children.filter((c) => c !== id);
    return p.id;
  }

  // Whether `id` is on the root's main line.
  onMainline(id: number): boolean {
    return this.path(id).every((n) => this.nodes[n.parent!].children[0] === n.id);
  }
}

// The tree as the move list draws it: the main line in order, each branch's
// variations right after the main move they replace, nested in parentheses.
export type ListItem =
  | { kind: "move"; node: TreeNode; number: string } // number: "12." or "12…" or ""
  | { kind: "open" }
  | { kind: "close" };

// numberOf(ply, forceNumber): how a move is numbered ("12." / "12…" / "").
export function listItems(tree: MoveTree, numberOf: (ply: number, first: boolean) => string): ListItem[] {
  const out: ListItem[] = [];
  // The line from `id`'s children on, its side variations after each move.
  const line = (from: TreeNode, first: boolean) => {
    let n = from;
    let fresh = first;
    while (n.children.length > 0) {
      const [main, ...others] = n.children.map((c) => tree.node(c));
      out.push({ kind: "move", node: main, number: numberOf(main.ply, fresh) });
      fresh = false;
      for (const v of others) {
        out.push({ kind: "open" });
        out.push({ kind: "move", node: v, number: numberOf(v.ply, true) });
        line(v, false);
        out.push({ kind: "close" });
        fresh = true; // the main line goes on after a variation: its move is numbered again
      }
      n = main;
    }
  };
  line(tree.root, true);
  return out;
}
