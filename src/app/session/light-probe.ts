/**
 * The light at a block, as the meshes have it (`window.__game.lightAt`): the column is built
 * again here from its parameters and edits, exactly as a worker builds it (a pure function of
 * both), and the cell read. A few milliseconds a call: for tests and tools, not for frames.
 */
import { generatePaddedVolume, paddedIndex } from '../../mesh';
import { COLUMN_SIZE, columnOf, WORLD_HEIGHT, type BlockEdit, type WorldParams } from '../../world';

export interface LightLevels {
  /** Skylight 0..15 (15 under open sky; 0 in opaque blocks). */
  sky: number;
  /** Block light 0..15 (torches, glowstone, lava). */
  block: number;
}

/** Light at block (x, y, z) of the world `params` with `editsFor(cx, cz)`'s edits; open sky above and below the world. */
export function lightAt(params: WorldParams, editsFor: (cx: number, cz: number) => BlockEdit[], x: number, y: number, z: number): LightLevels {
  if (y < 0 || y >= WORLD_HEIGHT) return { sky: 15, block: 0 };
  const cx = columnOf(x);
  const cz = columnOf(z);
  const volume = generatePaddedVolume(params, cx, cz, undefined, editsFor(cx, cz));
  const i = paddedIndex(x - cx * COLUMN_SIZE, y, z - cz * COLUMN_SIZE);
  return { sky: volume.light[i]!, block: volume.hasBlockLight ? volume.blockLight[i]! : 0 };
}
