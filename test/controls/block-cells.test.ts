/** Blocks as the body meets them: cube, water, nothing, or a shape whose boxes follow its state; and the controller walking up a slab over them. */
import { describe, expect, it } from 'vitest';
import { cellOfBlock, collisionBoxesOf } from '../../src/controls/block-cells';
import { PlayerController } from '../../src/controls/player-controller';
import { Cell, PLAYER_BODY } from '../../src/physics';
import { Block, BLOCK_COUNT, BLOCK_PARTIAL, Facing, HALF_TOP } from '../../src/world';

describe('cellOfBlock', () => {
  it('maps cubes to Solid, slabs, stairs and doors to Shaped, water to Water, air and plants to Empty', () => {
    expect(cellOfBlock(Block.Stone)).toBe(Cell.Solid);
    expect(cellOfBlock(Block.Log)).toBe(Cell.Solid);
    expect(cellOfBlock(Block.StoneSlab)).toBe(Cell.Shaped);
    expect(cellOfBlock(Block.StoneStairs)).toBe(Cell.Shaped);
    expect(cellOfBlock(Block.OakDoor)).toBe(Cell.Shaped);
    expect(cellOfBlock(Block.Water)).toBe(Cell.Water);
    expect(cellOfBlock(Block.Air)).toBe(Cell.Empty);
    expect(cellOfBlock(Block.TallGrass)).toBe(Cell.Empty);
    // A torch is walked through; lava is swum in, not stood on; glowstone is a cube.
    expect(cellOfBlock(Block.Torch)).toBe(Cell.Empty);
    expect(cellOfBlock(Block.Lava)).toBe(Cell.Lava);
    expect(cellOfBlock(Block.Glowstone)).toBe(Cell.Solid);
  });

  it('every Shaped block has boxes in its default state, and only partial blocks are Shaped', () => {
    for (let block = 0; block < BLOCK_COUNT; block++) {
      if (cellOfBlock(block) === Cell.Shaped) expect(collisionBoxesOf(block, 0).length).toBeGreaterThan(0);
      else if (cellOfBlock(block) === Cell.Solid) expect(BLOCK_PARTIAL[block]).toBe(0);
    }
    expect(collisionBoxesOf(Block.StoneSlab, HALF_TOP)).toEqual([[0, 8, 0, 16, 16, 16]]);
  });
});

describe('the controller over blocks and states', () => {
  it('walks up a bottom slab and a stair with their states read per cell, the camera easing after the feet', () => {
    // Ground below y = 64; a bottom slab at x = 2, a stair facing east at x = 3 (its back at 3.5..4), stone beyond.
    const blocks = new Map<string, [number, number]>([
      ['2,64,0', [Block.StoneSlab, 0]],
      ['3,64,0', [Block.StoneStairs, Facing.East]],
    ]);
    for (let x = 4; x < 12; x++) blocks.set(`${x},64,0`, [Block.Stone, 0]);
    const blockAt = (x: number, y: number, z: number) => (y < 64 ? Block.Stone : (blocks.get(`${x},${y},${z}`)?.[0] ?? Block.Air));
    const stateAt = (x: number, y: number, z: number) => blocks.get(`${x},${y},${z}`)?.[1] ?? 0;
    const lookup = (x: number, y: number, z: number) => cellOfBlock(blockAt(x, y, z));
    const boxesAt = (x: number, y: number, z: number) => collisionBoxesOf(blockAt(x, y, z), stateAt(x, y, z));
    const pose = { x: 0.5, y: 64 + PLAYER_BODY.eyeHeight, z: 0.5, yaw: -Math.PI / 2, pitch: 0 }; // facing +x
    const player = new PlayerController(pose, 'walk');
    player.setInput({ forward: true });
    let eye = pose.y;
    for (let i = 0; i < 90; i++) {
      player.update(1 / 60, lookup, false, boxesAt);
      expect(pose.y - eye).toBeLessThan(0.25);
      eye = pose.y;
    }
    expect(player.state.y).toBe(65);
    expect(player.state.x).toBeGreaterThan(4.3);
    player.setInput({});
    for (let i = 0; i < 60; i++) player.update(1 / 60, lookup, false, boxesAt);
    expect(pose.y).toBe(65 + PLAYER_BODY.eyeHeight);
  });
});
