/**
 * Trees come from a hash of their trunk position, and their leaves reach into neighbouring
 * columns; both must hold for any box the terrain is asked for.
 */
import { describe, expect, it } from 'vitest';
import { Block, createTerrain, DEFAULT_WORLD_PARAMS, generateColumn } from '../../src/world';
import { surfaceHeight } from './helpers';

const params = { ...DEFAULT_WORLD_PARAMS, seed: 'trees' };

function count(blocks: Uint8Array, id: number): number {
  let n = 0;
  for (const b of blocks) if (b === id) n++;
  return n;
}

describe('trees', () => {
  it('grow: a stretch of land has trunks and leaves', () => {
    let logs = 0;
    let leaves = 0;
    for (let cx = -4; cx < 4; cx++) {
      for (let cz = -4; cz < 4; cz++) {
        const c = generateColumn(params, cx, cz);
        logs += count(c.blocks, Block.Log);
        leaves += count(c.blocks, Block.Leaves);
      }
    }
    expect(logs).toBeGreaterThan(20);
    expect(leaves).toBeGreaterThan(logs * 3);
  });

  it('are the same whichever box they are generated in (leaves cross column borders)', () => {
    const terrain = createTerrain(params);
    // One 48x48 box vs nine 16x16 boxes over the same ground.
    const big = new Uint8Array(48 * 48 * 256);
    terrain.fillBlocks(big, -16, -16, 48, 48, 256);
    let compared = 0;
    for (let bz = 0; bz < 3; bz++) {
      for (let bx = 0; bx < 3; bx++) {
        const small = new Uint8Array(16 * 16 * 256);
        terrain.fillBlocks(small, -16 + bx * 16, -16 + bz * 16, 16, 16, 256);
        for (let y = 0; y < 256; y++) {
          for (let z = 0; z < 16; z++) {
            for (let x = 0; x < 16; x++) {
              const a = small[x + 16 * z + 256 * y]!;
              const b = big[bx * 16 + x + 48 * (bz * 16 + z) + 48 * 48 * y]!;
              if (a !== b) expect.fail(`block (${bx * 16 + x - 16}, ${y}, ${bz * 16 + z - 16}): ${a} in a 16x16 box, ${b} in a 48x48 box`);
              if (a === Block.Leaves) compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('a trunk is one unbroken run of logs', () => {
    let trunks = 0;
    // The stretch the first test grows trees on: a single row of columns may have none.
    for (let i = 0; i < 64; i++) {
      const c = generateColumn(params, (i & 7) - 4, (i >> 3) - 4);
      for (let lz = 0; lz < 16; lz++) {
        for (let lx = 0; lx < 16; lx++) {
          const h = surfaceHeight(c, lx, lz);
          let trunkTop = -1;
          for (let y = h + 1; y < 256; y++) {
            const b = c.blocks[lx | (lz << 4) | (y << 8)]!;
            if (b === Block.Log) {
              if (trunkTop !== -1 && trunkTop !== y - 1) expect.fail(`gap in trunk at (${lx}, ${y}, ${lz})`);
              trunkTop = y;
            }
          }
          if (trunkTop !== -1) trunks++;
        }
      }
    }
    expect(trunks).toBeGreaterThan(0);
  });
});
