/**
 * The breadth-first relaxation both lights spread by (skylight.ts, block-light.ts): a cell
 * pushed passes its light, less `step`, to each see-through neighbour darker than that, which
 * is pushed in turn. Each raise is by at least one level and light is at most 15, so it ends,
 * at the fixed point: the same whatever order the cells were pushed in.
 */
import { BLOCK_OPAQUE } from '../world';

const OPAQUE = BLOCK_OPAQUE;

/** A growable queue of cell indices, reused by every spread of its owner. */
export class CellQueue {
  cells = new Int32Array(1 << 12);
  length = 0;

  push(i: number): void {
    if (this.length === this.cells.length) {
      const next = new Int32Array(this.cells.length * 2);
      next.set(this.cells);
      this.cells = next;
    }
    this.cells[this.length++] = i;
  }
}

/**
 * Spreads light from the cells in `queue` (already lit) through the box `width` x `depth`,
 * layers 0..topY (outside is opaque), losing `step` a block. Leaves the queue empty.
 */
export function spreadLight(blocks: Uint8Array, light: Uint8Array, width: number, depth: number, topY: number, step: number, queue: CellQueue): void {
  const layer = width * depth;
  const opaque = OPAQUE;
  for (let head = 0; head < queue.length; head++) {
    const i = queue.cells[head]!;
    const d = light[i]! - step;
    if (d <= 0) continue;
    const y = Math.floor(i / layer);
    const c = i - layer * y;
    const z = Math.floor(c / width);
    const x = c - width * z;
    if (x > 0 && light[i - 1]! < d && !opaque[blocks[i - 1]!]) {
      light[i - 1] = d;
      queue.push(i - 1);
    }
    if (x < width - 1 && light[i + 1]! < d && !opaque[blocks[i + 1]!]) {
      light[i + 1] = d;
      queue.push(i + 1);
    }
    if (z > 0 && light[i - width]! < d && !opaque[blocks[i - width]!]) {
      light[i - width] = d;
      queue.push(i - width);
    }
    if (z < depth - 1 && light[i + width]! < d && !opaque[blocks[i + width]!]) {
      light[i + width] = d;
      queue.push(i + width);
    }
    if (y > 0 && light[i - layer]! < d && !opaque[blocks[i - layer]!]) {
      light[i - layer] = d;
      queue.push(i - layer);
    }
    if (y < topY && light[i + layer]! < d && !opaque[blocks[i + layer]!]) {
      light[i + layer] = d;
      queue.push(i + layer);
    }
  }
  queue.length = 0;
}

/**
 * The spread's definition, for the references the tests hold the fast paths to: rounds of
 * light = max(own, neighbour - step) over every see-through cell of the box until nothing
 * changes. Slow and plain on purpose.
 */
export function spreadLightByRounds(blocks: Uint8Array, light: Uint8Array, width: number, depth: number, height: number, step: number): void {
  const layer = width * depth;
  for (let changed = true; changed; ) {
    changed = false;
    const prev = light.slice();
    for (let y = 0; y < height; y++) {
      for (let z = 0; z < depth; z++) {
        for (let x = 0; x < width; x++) {
          const i = x + width * z + layer * y;
          if (BLOCK_OPAQUE[blocks[i]!]) continue;
          let best = prev[i]!;
          const take = (inside: boolean, j: number): void => {
            if (inside) best = Math.max(best, prev[j]! - step);
          };
          take(x > 0, i - 1);
          take(x < width - 1, i + 1);
          take(z > 0, i - width);
          take(z < depth - 1, i + width);
          take(y > 0, i - layer);
          take(y < height - 1, i + layer);
          if (best !== light[i]) {
            light[i] = best;
            changed = true;
          }
        }
      }
    }
  }
}
