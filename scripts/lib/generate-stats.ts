/**
 * The figures of `npm run bench:generate` from its rounds: per noise source, the median CPU
 * milliseconds per column of each world type and biomes' ratio to classic (issue 21's goal:
 * at most 1.5). Pure, so a unit test can check it.
 */

/** One timed round: `columns` fresh columns of one world type and noise source. */
export interface GenerateRound {
  noise: string;
  type: string;
  columns: number;
  cpuMs: number;
}

export interface GenerateFigure {
  noise: string;
  rounds: number;
  classicMsPerColumn: number;
  biomesMsPerColumn: number;
  /** biomes / classic of the medians. */
  ratio: number;
  /** The ratio of each round pair (same columns, back to back), lowest and highest. */
  pairRatioMin: number;
  pairRatioMax: number;
}

/** Middle value of unsorted values (mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Figures per noise source, in the order the noise sources first appear. Round k of classic
 * and round k of biomes of one noise source are a pair: the same columns, back to back.
 */
export function generateFigures(rounds: readonly GenerateRound[]): GenerateFigure[] {
  const noises = [...new Set(rounds.map((r) => r.noise))];
  return noises.map((noise) => {
    const perColumn = (type: string) => rounds.filter((r) => r.noise === noise && r.type === type).map((r) => r.cpuMs / r.columns);
    const classic = perColumn('classic');
    const biomes = perColumn('biomes');
    const pairs = Math.min(classic.length, biomes.length);
    const pairRatios = Array.from({ length: pairs }, (_, i) => biomes[i]! / classic[i]!);
    const classicMs = median(classic);
    const biomesMs = median(biomes);
    return {
      noise,
      rounds: pairs,
      classicMsPerColumn: classicMs,
      biomesMsPerColumn: biomesMs,
      ratio: biomesMs / classicMs,
      pairRatioMin: Math.min(...pairRatios),
      pairRatioMax: Math.max(...pairRatios),
    };
  });
}
