import { describe, expect, it } from 'vitest';
import { Block, cellsBrokenWith, placementFor, DOOR_OPEN, DOOR_UPPER, doorHalves, doorToggleEdits, placementEdits, Facing, facingOf, HALF_TOP, placementState, toggledDoor, validState, type RayHit } from '../../src/world';

/** A hit on block (0, 10, 0)'s face (nx, ny, nz), at height `y` on it. */
const hit = (nx: number, ny: number, nz: number, y = 10.9): RayHit => ({ x: 0, y: 10, z: 0, nx, ny, nz, distance: 2, point: { x: 0.5, y, z: 0.5 } });

describe('placement state', () => {
  it('faces the horizontal direction the player looks', () => {
    expect(facingOf({ x: 0.1, y: -0.9, z: -0.3 })).toBe(Facing.North);
    expect(facingOf({ x: 0.8, y: 0, z: 0.2 })).toBe(Facing.East);
    expect(facingOf({ x: 0, y: 0, z: 1 })).toBe(Facing.South);
    expect(facingOf({ x: -1, y: 0.5, z: 0.5 })).toBe(Facing.West);
  });

  it('lays a log along the axis of the face it is placed against', () => {
    const down = { x: 0, y: -1, z: 0 };
    expect(placementState(Block.Log, hit(0, 1, 0), 11, down)).toBe(0);
    expect(placementState(Block.Log, hit(-1, 0, 0), 10, down)).toBe(1);
    expect(placementState(Block.BirchLog, hit(0, 0, 1), 10, down)).toBe(2);
  });

  it('puts a slab in the top half against an underside or the upper half of a side', () => {
    const level = { x: 0, y: 0, z: -1 };
    expect(placementState(Block.StoneSlab, hit(0, 1, 0), 11, { x: 0, y: -1, z: 0 })).toBe(0);
    expect(placementState(Block.StoneSlab, hit(0, -1, 0), 9, { x: 0, y: 1, z: 0 })).toBe(HALF_TOP);
    // A side of the block at y 10 aimed at y 10.9: upper half; at 10.2: lower.
    expect(placementState(Block.StoneSlab, hit(0, 0, 1), 10, level)).toBe(HALF_TOP);
    expect(placementState(Block.StoneSlab, hit(0, 0, 1, 10.2), 10, level)).toBe(0);
  });

  it('turns stairs and doors the way the player looks, and every state it gives is valid', () => {
    const east = { x: 1, y: -0.2, z: 0 };
    const stairs = placementState(Block.OakStairs, hit(0, 1, 0), 11, east);
    expect(stairs).toBe(Facing.East);
    expect(validState(Block.OakStairs, stairs)).toBe(true);
    const door = placementState(Block.OakDoor, hit(0, 1, 0), 11, { x: 0, y: 0, z: -1 });
    expect(door).toBe(Facing.North);
    expect(validState(Block.OakDoor, door | DOOR_UPPER | DOOR_OPEN)).toBe(true);
  });

  it('finds both halves of a door from either, and opens it by one flag', () => {
    expect(doorHalves(4, 20, 5, Facing.East)).toEqual({ lower: { x: 4, y: 20, z: 5 }, upper: { x: 4, y: 21, z: 5 } });
    expect(doorHalves(4, 21, 5, Facing.East | DOOR_UPPER)).toEqual({ lower: { x: 4, y: 20, z: 5 }, upper: { x: 4, y: 21, z: 5 } });
    expect(toggledDoor(Facing.West)).toBe(Facing.West | DOOR_OPEN);
    expect(toggledDoor(Facing.West | DOOR_OPEN)).toBe(Facing.West);
  });

  it('refuses states a block does not have', () => {
    expect(validState(Block.Stone, 1)).toBe(false);
    expect(validState(Block.Log, 3)).toBe(false);
    expect(validState(Block.StoneSlab, 1)).toBe(false);
    expect(validState(Block.OakDoor, 32)).toBe(false);
    expect(validState(Block.OakDoor, 1.5)).toBe(false);
    expect(validState(Block.Poppy, 0)).toBe(true);
  });
});

describe('shape edits', () => {
  const world = new Map<string, [number, number]>();
  const blockAt = (x: number, y: number, z: number) => world.get(`${x},${y},${z}`)?.[0] ?? (y <= 64 ? Block.Grass : Block.Air);
  const stateAt = (x: number, y: number, z: number) => world.get(`${x},${y},${z}`)?.[1] ?? 0;

  it('places a door as two halves when the cell above is free, and refuses otherwise', () => {
    expect(placementEdits(Block.OakDoor, Facing.South, 3, 65, 3, blockAt)).toEqual([
      { x: 3, y: 65, z: 3, block: Block.OakDoor, state: Facing.South },
      { x: 3, y: 66, z: 3, block: Block.OakDoor, state: Facing.South | DOOR_UPPER },
    ]);
    expect(placementEdits(Block.OakDoor, Facing.South, 3, 63, 3, blockAt)).toBe('A door needs two free blocks of height');
    expect(placementEdits(Block.Stone, 0, 3, 65, 3, blockAt)).toEqual([{ x: 3, y: 65, z: 3, block: Block.Stone, state: 0 }]);
  });

  it('opens and breaks a door as a whole from either half', () => {
    world.set('3,65,3', [Block.OakDoor, Facing.East]);
    world.set('3,66,3', [Block.OakDoor, Facing.East | DOOR_UPPER]);
    expect(doorToggleEdits(3, 66, 3, blockAt, stateAt)).toEqual([
      { x: 3, y: 65, z: 3, block: Block.OakDoor, state: Facing.East | DOOR_OPEN },
      { x: 3, y: 66, z: 3, block: Block.OakDoor, state: Facing.East | DOOR_UPPER | DOOR_OPEN },
    ]);
    expect(cellsBrokenWith(3, 65, 3, blockAt, stateAt)).toEqual([{ x: 3, y: 65, z: 3 }, { x: 3, y: 66, z: 3 }]);
    expect(cellsBrokenWith(3, 64, 3, blockAt, stateAt)).toEqual([{ x: 3, y: 64, z: 3 }]);
  });

  it('breaks a plant with the block it grows on', () => {
    world.set('7,65,7', [Block.Poppy, 0]);
    expect(cellsBrokenWith(7, 64, 7, blockAt, stateAt)).toEqual([{ x: 7, y: 64, z: 7 }, { x: 7, y: 65, z: 7 }]);
    expect(cellsBrokenWith(7, 65, 7, blockAt, stateAt)).toEqual([{ x: 7, y: 65, z: 7 }]);
  });
});

describe('placing on a plant', () => {
  it('puts the block in the plant cell, as tall grass gives way in Minecraft', () => {
    const at = (x: number, y: number, _z: number) => (y === 64 ? Block.Grass : y === 65 && x === 2 ? Block.TallGrass : Block.Air);
    const onPlant: RayHit = { x: 2, y: 65, z: 0, nx: 0, ny: 1, nz: 0, distance: 3, point: { x: 2.5, y: 65.8, z: 0.5 } };
    expect(placementFor(onPlant, at)).toEqual({ ok: true, x: 2, y: 65, z: 0 });
  });
});
