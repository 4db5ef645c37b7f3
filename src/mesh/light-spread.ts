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
