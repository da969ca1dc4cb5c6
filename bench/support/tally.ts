/** How many items of `list` share each key, the most common first. */
export const count = <T>(list: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of list) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
};
