/**
 * Where the 2D figures sample, as fillGrid2D grids, so the worker, the page's statistics
 * and the tests that recompute them name exactly the same points.
 */
import type { Grid2D } from '../../noise';
import type { LabView } from '../lab-state';

/** Side of the 2D figures in pixels (one pixel is one block). */
export const FIGURE_SIZE = 256;
/** Side of each octave and running-sum figure: the same area at half the resolution. */
export const OCTAVE_FIGURE_SIZE = 128;

/** The plain noises: one pixel per block around the centre, `cell` blocks per lattice cell. */
export function plainGrid(view: Pick<LabView, 'x' | 'z' | 'cell'>): Grid2D {
  const step = 1 / view.cell;
  const half = FIGURE_SIZE / 2;
  return { x0: (Math.floor(view.x) - half) * step, y0: (Math.floor(view.z) - half) * step, width: FIGURE_SIZE, height: FIGURE_SIZE, stepX: step, stepY: step };
}

/** The fBm figures: the terrain's own coordinates (blocks) around the centre, `size` pixels across the same 256 blocks. */
export function fbmGrid(view: Pick<LabView, 'x' | 'z'>, size = FIGURE_SIZE): Grid2D {
  const step = FIGURE_SIZE / size;
  const half = FIGURE_SIZE / 2;
  return { x0: Math.floor(view.x) - half, y0: Math.floor(view.z) - half, width: size, height: size, stepX: step, stepY: step };
}
