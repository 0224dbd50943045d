/**
 * Side-by-side measurement: the machines are noisy, so a figure and its baseline are measured in alternating
 * rounds of the same run, and each reports its median.
 */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type Measure = () => Promise<number>;

/**
 * Runs every measure once per round, in an order that alternates between rounds (so neither side always runs
 * first, on a warmer or a busier machine), and returns every sample, keyed like the input.
 */
export async function alternateRounds<K extends string, S>(rounds: number, measures: Record<K, () => Promise<S>>): Promise<Record<K, S[]>> {
  if (rounds < 1) throw new Error(`rounds must be at least 1, not ${rounds}`);
  const keys = Object.keys(measures) as K[];
  const samples = Object.fromEntries(keys.map((key) => [key, [] as S[]])) as Record<K, S[]>;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? keys : [...keys].reverse();
    for (const key of order) samples[key].push(await measures[key]());
  }
  return samples;
}

/** `alternateRounds` for measures of one number: each measure's median. */
export async function alternate<K extends string>(rounds: number, measures: Record<K, Measure>): Promise<Record<K, number>> {
  const samples = await alternateRounds(rounds, measures);
  return Object.fromEntries(Object.entries<number[]>(samples).map(([key, values]) => [key, median(values)])) as Record<K, number>;
}

/** The median of one field of samples that measured several figures at once. */
export function medianOf<S>(samples: readonly S[], pick: (sample: S) => number): number {
  return median(samples.map(pick));
}
