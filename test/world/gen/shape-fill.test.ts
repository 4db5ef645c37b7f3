/**
 * The batch height formulas (shape-fill.ts, fillBiomes, fillTints) against their per-point references
 * (shape.ts, selectBiome): equal bit for bit on many random climates, including the edges
 * the formulas branch on (no mountain, rivers, clamping, NaN).
 */
import { describe, expect, it } from 'vitest';
import { climateTint } from '../../../src/world/biome';
import { fillBiomes, fillTints, selectBiome } from '../../../src/world/gen/biome-table';
import { CLIMATE_FIELDS, Field } from '../../../src/world/gen/climate';
import { blendedHeight, carveRiver, mountainWeight, riverStrength } from '../../../src/world/gen/shape';
import { fillBlendedHeights, fillCarvedHeights, fillMountainWeights } from '../../../src/world/gen/shape-fill';
import { level16 } from '../../../src/world/gen/math';
import { mulberry32 } from '../../support/random';

const N = 4000;
const MIN_Y = 1;
const MAX_Y = 254;

/** Random climates: mostly in [-1, 1], some exactly at thresholds, some far out, one NaN. */
function randomClimate(seed: number): Float64Array {
  const random = mulberry32(seed);
  const clim = new Float64Array(N * CLIMATE_FIELDS);
  const special = [0, -0.1, 0.15, 0.25, 0.6, 0.02, -0.06, 0.08, 0.07, -0.07, 0.035, 1, -1, 3, -3];
  for (let i = 0; i < clim.length; i++) {
    const r = random();
    clim[i] = r < 0.1 ? special[Math.floor(random() * special.length)]! : r < 0.15 ? (random() - 0.5) * 8 : (random() - 0.5) * 2.4;
  }
  // Rivers need |river| < 0.07 often enough to matter.
  for (let k = 0; k < N; k += 3) clim[k * CLIMATE_FIELDS + Field.River] = (random() - 0.5) * 0.16;
  clim[17 * CLIMATE_FIELDS + Field.Continent] = NaN;
  return clim;
}

function at(clim: Float64Array, k: number, f: number): number {
  return clim[k * CLIMATE_FIELDS + f]!;
}

describe('batch height formulas equal the per-point ones', () => {
  for (const seed of [1, 2, 3]) {
    it(`random climates, seed ${seed}`, () => {
      const random = mulberry32(seed + 100);
      const clim = randomClimate(seed);
      const detail = Float64Array.from({ length: N }, () => (random() - 0.5) * 2);
      const ridged = Float64Array.from({ length: N }, () => (random() - 0.5) * 2);
      const mountain = new Float64Array(N);
      const raw = new Float64Array(N);
      const riverCut = new Float64Array(N);
      const heights = new Int16Array(N);
      const biomes = new Int8Array(N);
      const [seaLevel, a, snowLine] = [62, 1.25, 140];

      const any = fillMountainWeights(mountain, clim, N);
      fillBlendedHeights(raw, clim, mountain, detail, ridged, N, seaLevel, a);
      fillCarvedHeights(heights, riverCut, raw, clim, mountain, N, seaLevel, MIN_Y, MAX_Y);
      fillBiomes(biomes, seaLevel, heights, snowLine, clim, mountain, riverCut, N);

      let mountains = 0;
      let rivers = 0;
      for (let k = 0; k < N; k++) {
        const c = at(clim, k, Field.Continent);
        const m = mountainWeight(c, at(clim, k, Field.Peaks));
        expect(Object.is(mountain[k], m), `mountain ${k}`).toBe(true);
        if (m > 0) mountains++;
        const rawRef = blendedHeight(seaLevel, a, c, at(clim, k, Field.Temperature), at(clim, k, Field.Humidity), at(clim, k, Field.Hills), m, detail[k]!, m > 0 ? ridged[k]! : 0);
        expect(Object.is(raw[k], rawRef), `raw ${k}`).toBe(true);
        const r = at(clim, k, Field.River);
        const strength = riverStrength(c, m, r);
        expect(Object.is(riverCut[k], strength), `river ${k}`).toBe(true);
        if (strength > 0) rivers++;
        let h = Math.floor(carveRiver(rawRef, seaLevel, strength, r));
        if (!(h >= MIN_Y)) h = MIN_Y;
        else if (h > MAX_Y) h = MAX_Y;
        expect(heights[k], `height ${k}`).toBe(h);
        expect(biomes[k], `biome ${k}`).toBe(selectBiome(seaLevel, h, snowLine, c, at(clim, k, Field.Temperature), at(clim, k, Field.Humidity), m, strength));
      }
      expect(any).toBe(mountains > 0);
      // The sample must reach the branches: mountains, rivers, and heights clamped at both ends.
      expect(mountains).toBeGreaterThan(100);
      expect(rivers).toBeGreaterThan(100);
      expect(heights).toContain(MIN_Y);
    });
  }
});

describe('fillTints equals climateTint of level16 per point', () => {
  it('random climates, level edges and NaN', () => {
    const clim = randomClimate(4);
    // Exactly on level boundaries and just beside them, beyond [-1, 1], and NaN.
    const edges = [-1, 1, -1 - 1e-16, 1 - 2 ** -52, -0.875, 0.875, 0.125 - 2 ** -55, 15 / 8 - 1, -0, 2, -2, NaN];
    edges.forEach((v, i) => {
      clim[i * CLIMATE_FIELDS + Field.Temperature] = v;
      clim[(i + edges.length) * CLIMATE_FIELDS + Field.Humidity] = v;
    });
    const tints = new Uint8Array(N);
    fillTints(tints, clim, N);
    const levels = new Set<number>();
    for (let k = 0; k < N; k++) {
      const t = level16(at(clim, k, Field.Temperature));
      levels.add(t);
      expect(tints[k], `tint ${k}`).toBe(climateTint(t, level16(at(clim, k, Field.Humidity))));
    }
    // Every level was reached, so the clamps and each step were compared.
    for (let l = 0; l < 16; l++) expect(levels.has(l), `level ${l}`).toBe(true);
  });
});
