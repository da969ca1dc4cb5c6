type Node = { id: number; pid: number };

/** `ids` plus every ancestor of each (a granted menu whose parent is missing is never shown). */
export function withAncestors(ids: number[], all: readonly Node[]): number[] {
  const parentOf = new Map(all.map((node) => [node.id, node.pid]));
  const result = new Set<number>();
  for (const id of ids) {
    // The bound guards against a cycle in bad data.
    for (let current = id, hops = 0; current !== 0 && hops <= all.length; hops += 1) {
      if (result.has(current)) break;
      result.add(current);
      current = parentOf.get(current) ?? 0;
    }
  }
  return [...result].sort((a, b) => a - b);
}

/** The ids of every menu below `id` (children, their children, ...). */
export function descendantsOf(id: number, all: readonly Node[]): Set<number> {
  const found = new Set<number>();
  const queue = [id];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const node of all)
      if (node.pid === parent && !found.has(node.id) && node.id !== id) {
        found.add(node.id);
        queue.push(node.id);
      }
  }
  return found;
}
