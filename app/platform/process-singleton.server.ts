/**
 * A value the whole process shares: made on first use and kept on `globalThis` under a
 * registered symbol, so a module evaluated again (the dev server's reload) finds the same
 * database handle, timer or worker instead of opening or starting a second one.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`inkwell.${key}`);
  let value = store[symbol];
  if (value === undefined) {
    value = create();
    store[symbol] = value;
  }
  return value;
}
