/**
 * fBm octave grids kept between jobs. A persistence change reweights the same octaves and a
 * new octave count adds or drops some, so a draw worker that keeps the last job's octave
 * grids redraws those changes by summing, not by sampling the noise again. The sum uses
 * src/noise's own steps (fillOctaveLayer, addOctave), so it is fillFbmOctaves2D, and
 * createFbm2D, bit for bit (test/lab/octave-cache.test.ts).
 */
import type { FbmOctaveGrids, FbmOptions, Grid2D } from '../../noise';
import { DEFAULT_FBM_OPTIONS } from '../../noise/fbm';
import { addOctave, fillOctaveLayer, gridAxes, octaveWeights } from '../../noise/fbm-octaves';
import { octaveSeed, planOctaves } from '../../noise/octaves';
import { SOURCES, type SourceName } from './sources';

export class OctaveCache {
  private entries = new Map<string, Float64Array>();
  /** Octave grids computed (not reused) since this cache was made: for tests and the curious. */
  computed = 0;

  /**
   * Every octave and running sum of createFbm2D(SOURCES[source], seed, options) over `grid`,
   * reusing octave grids of the previous calls; grids no call since the last `retain()` used
   * are dropped at the next `retain()`.
   */
  octaves(source: SourceName, seed: number, options: Partial<FbmOptions>, grid: Grid2D, used: Set<string>): FbmOctaveGrids {
    const { octaves, frequencies, weights, width, height } = this.layers(source, seed, options, grid, used);
    const sums: Float64Array[] = [];
    for (let i = 0; i < octaves.length; i++) sums.push(addOctave(sums[i - 1] ?? null, octaves[i]!, weights[i]!));
    return { width, height, octaves, sums, frequencies, weights };
  }

  /** Only the fBm itself (the last running sum), summed in place: one array, not one per octave. */
  fbm(source: SourceName, seed: number, options: Partial<FbmOptions>, grid: Grid2D, used: Set<string>): Float64Array {
    const { octaves, weights, width, height } = this.layers(source, seed, options, grid, used);
    const sum = new Float64Array(width * height);
    for (let i = 0; i < octaves.length; i++) addOctave(i === 0 ? null : sum, octaves[i]!, weights[i]!, sum);
    return sum;
  }

  private layers(source: SourceName, seed: number, options: Partial<FbmOptions>, grid: Grid2D, used: Set<string>): Omit<FbmOctaveGrids, 'sums'> {
    const o = { ...DEFAULT_FBM_OPTIONS, ...options };
    const { layers, frequencies, amplitudes, total } = planOctaves(SOURCES[source], seed, o);
    const axes = gridAxes(grid);
    const weights = octaveWeights(amplitudes, total);
    const gridKey = `${grid.x0},${grid.y0},${grid.width},${grid.height},${grid.stepX},${grid.stepY}`;
    const octaves: Float64Array[] = [];
    for (let i = 0; i < layers.length; i++) {
      // An octave's field is fixed by its source, seed and frequency on this grid.
      const key = `${source}|${octaveSeed(seed, i, o.seedStep)}|${frequencies[i]}|${gridKey}`;
      let octave = this.entries.get(key);
      if (!octave) {
        octave = fillOctaveLayer(layers[i]!, frequencies[i]!, axes);
        this.entries.set(key, octave);
        this.computed++;
      }
      used.add(key);
      octaves.push(octave);
    }
    return { width: axes.xs.length, height: axes.ys.length, octaves, frequencies, weights };
  }

  /** Keeps only the grids in `used` (the last job's), so memory follows what is on screen. */
  retain(used: Set<string>): void {
    for (const key of this.entries.keys()) if (!used.has(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
