import { COLUMN_VOLUME } from './coords';

/** One 16 x 16 x 256 column of blocks, the unit of generation, meshing and streaming. */
export interface ChunkColumn {
  readonly cx: number;
  readonly cz: number;
  /** Block ids, indexed by blockIndex(lx, y, lz). */
  readonly blocks: Uint8Array;
  /** Highest y holding a non-air block; layers above are known empty. */
  maxY: number;
}

export function createEmptyColumn(cx: number, cz: number): ChunkColumn {
  return { cx, cz, blocks: new Uint8Array(COLUMN_VOLUME), maxY: -1 };
}
