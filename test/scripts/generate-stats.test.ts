import { describe, expect, it } from 'vitest';
import { generateFigures, median, type GenerateRound } from '../../scripts/lib/generate-stats';

describe('bench:generate figures', () => {
  it('median takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('ratios are biomes over classic per column, per noise source, pairs in round order', () => {
    const rounds: GenerateRound[] = [
      { noise: 'perlin', type: 'classic', columns: 10, cpuMs: 10 },
      { noise: 'perlin', type: 'biomes', columns: 10, cpuMs: 30 },
      { noise: 'simplex', type: 'classic', columns: 10, cpuMs: 20 },
      { noise: 'simplex', type: 'biomes', columns: 10, cpuMs: 20 },
      { noise: 'perlin', type: 'biomes', columns: 10, cpuMs: 20 },
      { noise: 'perlin', type: 'classic', columns: 10, cpuMs: 20 },
      { noise: 'simplex', type: 'biomes', columns: 10, cpuMs: 60 },
      { noise: 'simplex', type: 'classic', columns: 10, cpuMs: 20 },
      { noise: 'perlin', type: 'classic', columns: 10, cpuMs: 40 },
      { noise: 'perlin', type: 'biomes', columns: 10, cpuMs: 40 },
    ];
    const [perlin, simplex] = generateFigures(rounds);
    expect(perlin).toEqual({ noise: 'perlin', rounds: 3, classicMsPerColumn: 2, biomesMsPerColumn: 3, ratio: 1.5, pairRatioMin: 1, pairRatioMax: 3 });
    expect(simplex).toEqual({ noise: 'simplex', rounds: 2, classicMsPerColumn: 2, biomesMsPerColumn: 4, ratio: 2, pairRatioMin: 1, pairRatioMax: 3 });
  });
});
