import { COLUMN_SIZE, createEmptyColumn, terrainFor, WORLD_HEIGHT, type ChunkColumn, type WorldParams } from '../world';
import { createPaddedVolume, PADDED_SIZE, paddedIndex, type PaddedVolume } from './padded-volume';

/**
 * Generates column (cx, cz) with its one-block border straight from the terrain function:
 * the border is what the neighbours will generate, so seams are closed by construction.
 * `surfaceHeights` (PADDED_SIZE² entries, indexed like a padded layer) receives the terrain's
 * surface heights when given.
 */
export function generatePaddedVolume(params: Readonly<WorldParams>, cx: number, cz: number, surfaceHeights?: Int16Array): PaddedVolume {
  const volume = createPaddedVolume();
  volume.maxY = terrainFor(params).fillBlocks(
    volume.blocks,
    cx * COLUMN_SIZE - 1,
    cz * COLUMN_SIZE - 1,
    PADDED_SIZE,
    PADDED_SIZE,
    WORLD_HEIGHT,
    surfaceHeights,
  );
  return volume;
}

/** The column inside a padded volume (what hashChunk identifies). */
export function columnFromPaddedVolume(volume: PaddedVolume, cx: number, cz: number): ChunkColumn {
  const column = createEmptyColumn(cx, cz);
  const top = Math.max(volume.maxY, 0);
  let maxY = -1;
  for (let y = 0; y <= top; y++) {
    for (let z = 0; z < COLUMN_SIZE; z++) {
      const src = paddedIndex(0, y, z);
      const dst = (y << 8) | (z << 4);
      column.blocks.set(volume.blocks.subarray(src, src + COLUMN_SIZE), dst);
    }
  }
  for (let i = column.blocks.length - 1; i >= 0; i--) {
    if (column.blocks[i] !== 0) {
      maxY = i >>> 8;
      break;
    }
  }
  column.maxY = maxY;
  return column;
}
