/**
 * src/mesh/build-volume.ts generates a column with its one-block border straight from the
 * terrain function. The inner 16 x 16 must be the very column generateColumn makes, and the
 * border must be the neighbours' blocks: that is what closes the seams by construction.
 */
import { describe, expect, it } from 'vitest';
import { columnFromPaddedVolume, generatePaddedVolume, hashPaddedColumn } from '../../src/mesh/build-volume';
import { PADDED_SIZE, paddedIndex, type PaddedVolume } from '../../src/mesh/padded-volume';
import { Block, COLUMN_SIZE, DEFAULT_WORLD_PARAMS, generateColumn, hashChunk, WORLD_HEIGHT, type ChunkColumn, type WorldParams } from '../../src/world';
import { blockAt } from './helpers';

const COLUMNS: readonly (readonly [number, number])[] = [
  [0, 0],
  [-1, -1],
  [5, -3],
  [-17, 42],
  [1_000_000, -1_000_000],
  [-999_999, 999_999],
];

const PARAM_SETS: readonly (readonly [string, Readonly<WorldParams>])[] = [
  ['default perlin', DEFAULT_WORLD_PARAMS],
  ['seed "12345" simplex', { ...DEFAULT_WORLD_PARAMS, seed: '12345', noise: 'simplex' }],
  ['rough, high sea', { ...DEFAULT_WORLD_PARAMS, seed: '', scale: 48, amplitude: 110, seaLevel: 90 }],
];

function paddedAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  return volume.blocks[paddedIndex(x, y, z)]!;
}

describe.each(PARAM_SETS)('generatePaddedVolume (%s)', (_name, params) => {
  it('columnFromPaddedVolume hashes equal to generateColumn, with the same maxY', () => {
    for (const [cx, cz] of COLUMNS) {
      const direct = generateColumn(params, cx, cz);
      const viaPadded = columnFromPaddedVolume(generatePaddedVolume(params, cx, cz), cx, cz);
      expect(viaPadded.cx).toBe(cx);
      expect(viaPadded.cz).toBe(cz);
      expect(hashChunk(viaPadded), `(${cx}, ${cz})`).toBe(hashChunk(direct));
      expect(viaPadded.maxY).toBe(direct.maxY);
    }
  });

  it('hashPaddedColumn (row by row, air at once) equals hashChunk of the column copied out, with edits high and low', () => {
    for (const [cx, cz] of COLUMNS) {
      const x = cx * COLUMN_SIZE;
      const z = cz * COLUMN_SIZE;
      const editSets = [
        [],
        [{ x: x + 3, y: WORLD_HEIGHT - 1, z: z + 15, block: Block.Stone }],
        [{ x: x + 15, y: 0, z, block: 0 }, { x: x + 7, y: 100, z: z + 7, block: Block.Torch }, { x: x - 1, y: 120, z, block: Block.Stone }],
      ];
      for (const edits of editSets) {
        const volume = generatePaddedVolume(params, cx, cz, undefined, edits);
        expect(hashPaddedColumn(volume), `(${cx}, ${cz}) ${edits.length} edits`).toBe(hashChunk(columnFromPaddedVolume(volume, cx, cz)));
      }
    }
  });

  it('the border is the neighbouring columns (edges and diagonal corners), at every height', () => {
    for (const [cx, cz] of COLUMNS) {
      const volume = generatePaddedVolume(params, cx, cz);
      const neighbours = new Map<string, ChunkColumn>();
      const neighbour = (dx: number, dz: number): ChunkColumn => {
        const key = `${dx},${dz}`;
        let column = neighbours.get(key);
        if (!column) {
          column = generateColumn(params, cx + dx, cz + dz);
          neighbours.set(key, column);
        }
        return column;
      };
      let mismatches = 0;
      for (let z = -1; z <= COLUMN_SIZE; z++) {
        for (let x = -1; x <= COLUMN_SIZE; x++) {
          const onBorder = x < 0 || z < 0 || x >= COLUMN_SIZE || z >= COLUMN_SIZE;
          const dx = x < 0 ? -1 : x >= COLUMN_SIZE ? 1 : 0;
          const dz = z < 0 ? -1 : z >= COLUMN_SIZE ? 1 : 0;
          const source = neighbour(dx, dz);
          const lx = x - dx * COLUMN_SIZE;
          const lz = z - dz * COLUMN_SIZE;
          for (let y = 0; y < WORLD_HEIGHT; y++) {
            if (paddedAt(volume, x, y, z) !== blockAt(source, lx, y, lz)) mismatches++;
          }
          if (onBorder) expect(neighbours.has(`${dx},${dz}`)).toBe(true);
        }
      }
      expect(mismatches, `(${cx}, ${cz})`).toBe(0);
      // All eight neighbours and the centre were consulted.
      expect(neighbours.size).toBe(9);
    }
  });

  it('maxY is the highest non-air y anywhere in the padded volume', () => {
    for (const [cx, cz] of COLUMNS) {
      const volume = generatePaddedVolume(params, cx, cz);
      let highest = -1;
      for (let y = WORLD_HEIGHT - 1; y >= 0 && highest < 0; y--) {
        for (let i = 0; i < PADDED_SIZE * PADDED_SIZE; i++) {
          if (volume.blocks[y * PADDED_SIZE * PADDED_SIZE + i] !== 0) {
            highest = y;
            break;
          }
        }
      }
      expect(volume.maxY).toBe(highest);
    }
  });
});
