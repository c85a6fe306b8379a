/**
 * `items` grouped: `entryOf` names each item's key and value; each key's
 * values stay in the order of `items`.
 */
export function groupBy<T, K, V>(items: readonly T[], entryOf: (item: T) => [K, V]): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const [key, value] = entryOf(item);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}
