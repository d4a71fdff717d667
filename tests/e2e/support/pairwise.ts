/**
 * Pairwise covering of a matrix of settings (docs/architecture.md#tests): a few combinations in which every value of
 * every setting meets every value of every other setting at least once, instead of all of them.
 */

/** Settings and their values: name → the values to try. */
export type Factors = Record<string, readonly unknown[]>;

/** One combination: a value for each setting. */
export type Combination<F extends Factors> = { [K in keyof F]: F[K][number] };

/**
 * Every combination of `factors` (their product), in order.
 * @param factors at least one setting, each with at least one value
 * @returns all combinations
 */
export function allCombinations<F extends Factors>(factors: F): Combination<F>[] {
  let rows: Record<string, unknown>[] = [{}];
  for (const [name, values] of Object.entries(factors))
    rows = rows.flatMap((row) => values.map((value) => ({ ...row, [name]: value })));
  return rows as Combination<F>[];
}

/** The pairs of values a combination covers, as keys 'i=a|j=b' of value indexes. */
function pairsOf(factors: Factors, row: Record<string, unknown>): string[] {
  const names = Object.keys(factors);
  const index = names.map((name) => factors[name]?.indexOf(row[name]) ?? -1);
  const pairs: string[] = [];
  for (let i = 0; i < names.length; i += 1)
    for (let j = i + 1; j < names.length; j += 1) pairs.push(`${i}=${index[i]}|${j}=${index[j]}`);
  return pairs;
}

/**
 * Combinations of `factors` that cover every pair of values of two different settings: greedily, the combination of
 * all that covers the most pairs not yet covered, until none is left (deterministic: the first such combination wins).
 * @param factors the settings and their values (each value distinct within its setting)
 * @returns the combinations, fewer than the product as soon as there are three settings or more
 */
export function pairwiseCombinations<F extends Factors>(factors: F): Combination<F>[] {
  const candidates = allCombinations(factors).map((row) => ({ row, pairs: pairsOf(factors, row) }));
  const uncovered = new Set(candidates.flatMap((candidate) => candidate.pairs));
  const chosen: Combination<F>[] = [];
  while (uncovered.size > 0) {
    let best = candidates[0];
    let bestCount = -1;
    for (const candidate of candidates) {
      const count = candidate.pairs.filter((pair) => uncovered.has(pair)).length;
      if (count > bestCount) {
        best = candidate;
        bestCount = count;
      }
    }
    if (best === undefined) break;
    for (const pair of best.pairs) uncovered.delete(pair);
    chosen.push(best.row);
  }
  // With a single setting there are no pairs: each of its values once.
  return chosen.length > 0 || Object.keys(factors).length !== 1 ? chosen : allCombinations(factors);
}

/**
 * A few combinations in which every value of every setting appears at least once: as many as the setting with the
 * most values has, the n-th taking each setting's n-th value from its end (its first once they run out), so the first
 * combination holds every setting's last value together.
 * @param factors the settings and their values, each with at least one value
 * @returns the combinations, one per value of the largest setting
 */
export function eachValueOnce<F extends Factors>(factors: F): Combination<F>[] {
  const entries = Object.entries(factors);
  const count = Math.max(...entries.map(([, values]) => values.length));
  return Array.from(
    { length: count },
    (_, n) =>
      Object.fromEntries(
        entries.map(([name, values]) => [name, values[Math.max(values.length - 1 - n, 0)]]),
      ) as Combination<F>,
  );
}
