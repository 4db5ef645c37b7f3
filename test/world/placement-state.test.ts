import { describe, expect, it } from 'vitest';
import {
  Block, cellsBrokenWith, placementFor, DOOR_OPEN, DOOR_UPPER, doorHalves, doorToggleEdits, faceIsWhole, placementEdits, Facing, facingOf, HALF_TOP, meaningfulState,
  placementState, placementStateAt, selectionBoxes, shapeBoxes, toggledDoor, TORCH_WALL, torchPlacement, validState, type RayHit,
} from '../../src/world';

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

describe('torch states and boxes', () => {
  it('stands as a stick 2 wide and 10 tall in the middle, or upright against the wall its facing names', () => {
    expect(shapeBoxes(Block.Torch, 0)).toEqual([[7, 0, 7, 9, 10, 9]]);
    expect(shapeBoxes(Block.Torch, TORCH_WALL | Facing.North)).toEqual([[7, 3, 0, 9, 13, 2]]);
    expect(shapeBoxes(Block.Torch, TORCH_WALL | Facing.East)).toEqual([[14, 3, 7, 16, 13, 9]]);
    expect(shapeBoxes(Block.Torch, TORCH_WALL | Facing.South)).toEqual([[7, 3, 14, 9, 13, 16]]);
    expect(shapeBoxes(Block.Torch, TORCH_WALL | Facing.West)).toEqual([[0, 3, 7, 2, 13, 9]]);
  });

  it('is aimed at through a box a little larger than the stick, still against its wall', () => {
    expect(selectionBoxes(Block.Torch, 0)).toEqual([[6, 0, 6, 10, 10, 10]]);
    expect(selectionBoxes(Block.Torch, TORCH_WALL | Facing.East)).toEqual([[12, 3, 6, 16, 13, 10]]);
    expect(selectionBoxes(Block.Torch, TORCH_WALL | Facing.North)).toEqual([[6, 3, 0, 10, 13, 4]]);
  });

  it('has a standing state and four wall states, no others', () => {
    const valid = Array.from({ length: 256 }, (_, s) => s).filter((s) => validState(Block.Torch, s));
    expect(valid).toEqual([0, TORCH_WALL, TORCH_WALL | 1, TORCH_WALL | 2, TORCH_WALL | 3]);
    // A standing torch's facing bits mean nothing: read as standing, never as a floating stick.
    expect(meaningfulState(Block.Torch, 2)).toBe(0);
    expect(shapeBoxes(Block.Torch, 2)).toEqual([[7, 0, 7, 9, 10, 9]]);
    expect(meaningfulState(Block.Torch, 255)).toBe(TORCH_WALL | 3);
  });

  it('tells whole faces from partial ones', () => {
    expect(faceIsWhole(Block.Stone, 0, 2)).toBe(true);
    expect(faceIsWhole(Block.StoneSlab, 0, 2)).toBe(false);
    expect(faceIsWhole(Block.StoneSlab, HALF_TOP, 2)).toBe(true);
    expect(faceIsWhole(Block.StoneSlab, 0, 0)).toBe(false);
    // A stair's back is whole from its two boxes; its front is not.
    expect(faceIsWhole(Block.StoneStairs, Facing.East, 0)).toBe(true);
    expect(faceIsWhole(Block.StoneStairs, Facing.East, 1)).toBe(false);
    for (const none of [Block.Air, Block.Water, Block.Lava, Block.Torch, Block.Poppy]) expect(faceIsWhole(none, 0, 2)).toBe(false);
  });
});

describe('placing a torch', () => {
  // Ground below y = 65; a stone wall at x = 5; water at (0, 65, 9); lava at (0, 65, 12); a bottom slab at (3, 65, 3).
  const world = new Map<string, [number, number]>([
    ['5,65,0', [Block.Stone, 0]], ['5,66,0', [Block.Stone, 0]], ['0,65,9', [Block.Water, 0]], ['0,65,12', [Block.Lava, 0]],
    ['3,65,3', [Block.StoneSlab, 0]], ['8,65,8', [Block.TallGrass, 0]],
  ]);
  const blockAt = (x: number, y: number, z: number) => world.get(`${x},${y},${z}`)?.[0] ?? (y <= 64 ? Block.Stone : Block.Air);
  const stateAt = (x: number, y: number, z: number) => world.get(`${x},${y},${z}`)?.[1] ?? 0;
  const aim = (x: number, y: number, z: number, nx: number, ny: number, nz: number): RayHit => ({ x, y, z, nx, ny, nz, distance: 2, point: { x: x + 0.5, y: y + 0.5, z: z + 0.5 } });
  const place = (h: RayHit) => torchPlacement(h, { x: h.x + h.nx, y: h.y + h.ny, z: h.z + h.nz }, blockAt, stateAt);

  it('stands on the top of a block', () => {
    expect(place(aim(0, 64, 0, 0, 1, 0))).toBe(0);
  });

  it("hangs on a block's side, facing the wall it hangs on", () => {
    // Against the wall's -x face: the torch is at x = 4, its wall to the east.
    expect(place(aim(5, 65, 0, -1, 0, 0))).toBe(TORCH_WALL | Facing.East);
    expect(place(aim(5, 65, 0, 1, 0, 0))).toBe(TORCH_WALL | Facing.West);
    expect(place(aim(5, 66, 0, 0, 0, 1))).toBe(TORCH_WALL | Facing.North);
    expect(place(aim(5, 66, 0, 0, 0, -1))).toBe(TORCH_WALL | Facing.South);
    // placementState alone agrees, from the normal.
    expect(placementState(Block.Torch, aim(5, 65, 0, -1, 0, 0), 65, { x: 1, y: 0, z: 0 })).toBe(TORCH_WALL | Facing.East);
  });

  it('refuses an underside, water, lava and anything but a whole face', () => {
    expect(place(aim(5, 66, 0, 0, -1, 0))).toMatch(/ceiling/);
    expect(place(aim(0, 64, 9, 0, 1, 0))).toMatch(/water/);
    expect(place(aim(0, 64, 12, 0, 1, 0))).toMatch(/lava/);
    // On a bottom slab's top (half way up the cell: nothing under the torch's cell is whole).
    expect(place(aim(3, 65, 3, 0, 1, 0))).toMatch(/whole solid face/);
    // On a slab's half side.
    expect(place(aim(3, 65, 3, 1, 0, 0))).toMatch(/whole solid face/);
  });

  it('takes a plant cell standing on the ground, whichever face of the plant was aimed at', () => {
    const onPlantSide = aim(8, 65, 8, 1, 0, 0);
    expect(placementFor(onPlantSide, blockAt)).toEqual({ ok: true, x: 8, y: 65, z: 8 });
    expect(torchPlacement(onPlantSide, { x: 8, y: 65, z: 8 }, blockAt, stateAt)).toBe(0);
  });

  it('placementStateAt asks the torch rules for torches and placementState for the rest', () => {
    const side = aim(5, 65, 0, -1, 0, 0);
    const at = { x: 4, y: 65, z: 0 };
    expect(placementStateAt(Block.Torch, side, at, { x: 1, y: 0, z: 0 }, blockAt, stateAt)).toBe(TORCH_WALL | Facing.East);
    expect(placementStateAt(Block.Log, side, at, { x: 1, y: 0, z: 0 }, blockAt, stateAt)).toBe(1);
    expect(placementStateAt(Block.Torch, aim(5, 66, 0, 0, -1, 0), { x: 5, y: 65, z: 0 }, { x: 0, y: 1, z: 0 }, blockAt, stateAt)).toMatch(/ceiling/);
  });

  it('no block goes into a torch cell, though the player walks through it', () => {
    const at = (x: number, y: number, _z: number) => (y === 64 ? Block.Stone : y === 65 && x === 1 ? Block.Torch : Block.Air);
    expect(placementFor(aim(1, 64, 0, 0, 1, 0), at)).toEqual({ ok: false, reason: 'That space is already taken by a block' });
    // Water and lava give way, as before.
    const wet = (x: number, y: number, _z: number) => (y === 64 ? Block.Stone : y === 65 ? Block.Lava : Block.Air);
    expect(placementFor(aim(1, 64, 0, 0, 1, 0), wet)).toEqual({ ok: true, x: 1, y: 65, z: 0 });
  });
});

describe('a torch goes with its block', () => {
  const world = new Map<string, [number, number]>([
    // On the stone at (0, 64, 0): one standing on it, one on its east side; one on the east side of (2, 64, 0), facing it.
    ['0,65,0', [Block.Torch, 0]],
    ['1,64,0', [Block.Torch, TORCH_WALL | Facing.West]],
    ['-1,64,0', [Block.Torch, TORCH_WALL | Facing.West]],
    ['0,64,1', [Block.Torch, TORCH_WALL | Facing.North]],
    ['0,64,-1', [Block.Air, 0]],
  ]);
  const blockAt = (x: number, y: number, z: number) => world.get(`${x},${y},${z}`)?.[0] ?? (y <= 64 ? Block.Stone : Block.Air);
  const stateAt = (x: number, y: number, z: number) => world.get(`${x},${y},${z}`)?.[1] ?? 0;

  it('breaks the torches standing on it and hanging on its sides, not one hanging on another block', () => {
    const cells = cellsBrokenWith(0, 64, 0, blockAt, stateAt);
    expect(cells).toEqual([{ x: 0, y: 64, z: 0 }, { x: 0, y: 65, z: 0 }, { x: 1, y: 64, z: 0 }, { x: 0, y: 64, z: 1 }]);
    // The torch at (-1, 64, 0) hangs on (-2, 64, 0): it stays.
    expect(cells).not.toContainEqual({ x: -1, y: 64, z: 0 });
  });

  it('a broken torch takes nothing with it', () => {
    expect(cellsBrokenWith(0, 65, 0, blockAt, stateAt)).toEqual([{ x: 0, y: 65, z: 0 }]);
  });
});
