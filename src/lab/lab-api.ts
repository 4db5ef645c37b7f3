/**
 * `window.__lab`: what the end-to-end tests (and the README screenshot script) read. It
 * reports state and waits for work; it drives no feature (tests use the real controls), and
 * `dispose()` is there to check the teardown.
 */
import type { BenchReport } from '../bench/report';
import type { FbmOptions, Grid2D } from '../noise';
import type { NoiseStats } from '../stats';
import type { StatsKey } from './compute/sources';
import type { LabState } from './lab-state';
import type { PanelName } from './protocol';

/** What the lab shows of a source's samples (measureNoise's figures, less the angle chart and count). */
export type LabStats = Pick<NoiseStats, 'min' | 'max' | 'mean' | 'std' | 'histogram' | 'isotropy'>;

/** Exactly where the statistics were sampled: fillGrid2D grids and the seeds and options used. */
export interface StatsArea {
  /** The plain sources: each SOURCES[name](seed) on `grid`. */
  plain: { seed: number; grid: Grid2D };
  /** The fBm rows: createFbm2D(SOURCES[name], seed, options) on `grid`. */
  fbm: { seed: number; grid: Grid2D; options: Partial<FbmOptions> };
}

/** How long one panel took to show a change: since the input event, and inside its worker. */
export interface PanelTiming {
  drawnMs: number;
  workerMs: number;
}

/** One control change: input event to the frame showing every redrawn figure, and per panel. */
export interface RedrawRecord {
  control: string;
  ms: number;
  panels: Partial<Record<PanelName, PanelTiming>>;
}

export interface LabApi {
  /** Resolves once every figure shows the current state (and the animation one frame of it). */
  ready(): Promise<void>;
  /** Statistics per source as shown in the table. */
  stats(): Record<StatsKey, LabStats>;
  statsArea(): StatsArea;
  state(): LabState;
  /** Every warning shown since the page opened. */
  warnings(): string[];
  /**
   * Measured control-to-redraw times, in order. Each is taken at the frame that shows the
   * redrawn figures, so it appears just after ready() resolves, not before.
   */
  redraws(): RedrawRecord[];
  /** The current measurement's report once it is done (the last one if none runs). */
  bench(): Promise<BenchReport>;
  counters(): { posted: number; staleDropped: number; framesDrawn: number; inFlight: number };
  /** Tears the page down: workers terminated, loops and timers stopped, controls inert. Safe twice. */
  dispose(): void;
}
