/** Aiming into shapes: the ray hits a slab, a stair, a door or a plant where its boxes are, not its whole cell. */
import { describe, expect, it } from 'vitest';
import { aimBoxes, Block, DOOR_OPEN, Facing, HALF_TOP, isAimTarget, placementFor, TORCH_WALL, raycastBlocks, type Box16, type RayBoxes } from '../../src/world';
import { lcg } from '../support/random';

type Placed = readonly [number, number, number, number, number];
const key = (x: number, y: number, z: number) => `${x},${y},${z}`;

/** A tiny world of blocks with states: what aiming is given (isTarget, boxesAt) and what placement reads. */
function world(blocks: Placed[]) {
  const map = new Map(blocks.map(([x, y, z, block, state]) => [key(x, y, z), { block, state }]));
  const blockAt = (x: number, y: number, z: number) => map.get(key(x, y, z))?.block ?? Block.Air;
  const isTarget = (x: number, y: number, z: number) => blockAt(x, y, z) !== Block.Air;
  const boxesAt: RayBoxes = (x, y, z) => {
    const b = map.get(key(x, y, z));
    return b ? aimBoxes(b.block, b.state) : null;
  };
  return { blockAt, isTarget, boxesAt };
}

const O = (x: number, y: number, z: number) => ({ x, y, z });

describe('aiming at shapes', () => {
  it('a ray passing above a bottom slab goes on to the block behind', () => {
    const w = world([[2, 0, 0, Block.StoneSlab, 0], [4, 0, 0, Block.Stone, 0]]);
    const hit = raycastBlocks(w.isTarget, O(0.5, 0.75, 0.5), O(1, 0, 0), 10, w.boxesAt);
    expect(hit).toMatchObject({ x: 4, y: 0, z: 0, nx: -1, ny: 0, nz: 0 });
    expect(hit!.point).toEqual({ x: 4, y: 0.75, z: 0.5 });
    // Without the boxes the slab's whole cell stops it, as before.
    expect(raycastBlocks(w.isTarget, O(0.5, 0.75, 0.5), O(1, 0, 0), 10)).toMatchObject({ x: 2, nx: -1 });
  });

  it("a ray onto a bottom slab's top gets ny = 1 there, so a block placed on it goes in the cell above", () => {
    const w = world([[2, 0, 0, Block.StoneSlab, 0]]);
    const d = O(1, -1, 0);
    const hit = raycastBlocks(w.isTarget, O(1.25, 1.5, 0.5), d, 10, w.boxesAt)!;
    expect(hit).toMatchObject({ x: 2, y: 0, z: 0, nx: 0, ny: 1, nz: 0 });
    expect(hit.point.y).toBe(0.5);
    expect(hit.point.x).toBeCloseTo(2.25, 12);
    expect(hit.distance).toBeCloseTo(1, 12);
    expect(placementFor(hit, w.blockAt)).toEqual({ ok: true, x: 2, y: 1, z: 0 });
  });

  it("hits a bottom slab's side low and a top slab's side high, with the point telling the halves apart", () => {
    const w = world([[2, 0, 0, Block.StoneSlab, 0], [2, 0, 2, Block.StoneSlab, HALF_TOP]]);
    expect(raycastBlocks(w.isTarget, O(0.5, 0.25, 0.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 2, nx: -1, point: { x: 2, y: 0.25 } });
    expect(raycastBlocks(w.isTarget, O(0.5, 0.25, 2.5), O(1, 0, 0), 10, w.boxesAt)).toBeNull();
    expect(raycastBlocks(w.isTarget, O(0.5, 0.75, 2.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 2, z: 2, nx: -1, point: { x: 2, y: 0.75 } });
    // From below, the top slab's underside at y = 0.5.
    const up = raycastBlocks(w.isTarget, O(2.5, -3, 2.5), O(0, 1, 0), 10, w.boxesAt)!;
    expect(up).toMatchObject({ x: 2, y: 0, z: 2, ny: -1, point: { y: 0.5 } });
    expect(up.distance).toBe(3.5);
  });

  it("hits a stair's step (its riser, then its tread) with the right normals", () => {
    // Facing east: the high back on the east half (x 2.5..3), the tread on the west half at y 0.5.
    const w = world([[2, 0, 0, Block.StoneStairs, Facing.East]]);
    const riser = raycastBlocks(w.isTarget, O(0.5, 0.75, 0.5), O(1, 0, 0), 10, w.boxesAt)!;
    expect(riser).toMatchObject({ x: 2, nx: -1, ny: 0, point: { x: 2.5, y: 0.75 } });
    expect(riser.distance).toBe(2);
    const tread = raycastBlocks(w.isTarget, O(2.25, 3, 0.5), O(0, -1, 0), 10, w.boxesAt)!;
    expect(tread).toMatchObject({ x: 2, ny: 1, point: { y: 0.5 } });
    const back = raycastBlocks(w.isTarget, O(2.75, 3, 0.5), O(0, -1, 0), 10, w.boxesAt)!;
    expect(back).toMatchObject({ x: 2, ny: 1, point: { y: 1 } });
    expect(placementFor(tread, w.blockAt)).toEqual({ ok: true, x: 2, y: 1, z: 0 });
  });

  it("aims through an open door's doorway and at a closed door's panel", () => {
    const w = world([[2, 0, 0, Block.OakDoor, Facing.West | DOOR_OPEN], [2, 0, 2, Block.OakDoor, Facing.East], [5, 0, 0, Block.Stone, 0]]);
    expect(raycastBlocks(w.isTarget, O(0.5, 0.5, 0.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 5 });
    expect(raycastBlocks(w.isTarget, O(0.5, 0.5, 2.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 2, z: 2, nx: -1, point: { x: 2 + 13 / 16 } });
  });

  it("a plant is hit by its small box only", () => {
    const w = world([[2, 0, 0, Block.TallGrass, 0], [2, 0, 2, Block.Poppy, 0]]);
    expect(raycastBlocks(w.isTarget, O(0.5, 0.95, 0.5), O(1, 0, 0), 10, w.boxesAt)).toBeNull();
    expect(raycastBlocks(w.isTarget, O(0.5, 0.5, 2.05), O(1, 0, 0), 10, w.boxesAt)).toBeNull();
    expect(raycastBlocks(w.isTarget, O(0.5, 0.5, 2.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 2, z: 2, nx: -1, point: { x: 2 + 2 / 16 } });
  });

  it('a torch is hit by its box, a little larger than the stick; lava, like placed water, stops the aim in its whole cell', () => {
    const w = world([[2, 0, 0, Block.Torch, 0], [2, 0, 2, Block.Torch, TORCH_WALL | Facing.East], [2, 0, 4, Block.Lava, 0]]);
    // Above the standing stick (10/16 high) the ray goes on; at its height it meets the box at 6/16.
    expect(raycastBlocks(w.isTarget, O(0.5, 0.7, 0.5), O(1, 0, 0), 10, w.boxesAt)).toBeNull();
    expect(raycastBlocks(w.isTarget, O(0.5, 0.3, 0.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 2, z: 0, nx: -1, point: { x: 2 + 6 / 16 } });
    // A wall torch against the east side of its cell: its box starts 12/16 across, and 3/16 up.
    expect(raycastBlocks(w.isTarget, O(0.5, 0.5, 2.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 2, z: 2, nx: -1, point: { x: 2 + 12 / 16 } });
    expect(raycastBlocks(w.isTarget, O(0.5, 0.1, 2.5), O(1, 0, 0), 10, w.boxesAt)).toBeNull();
    expect(aimBoxes(Block.Lava, 0)).toBeNull();
    expect(isAimTarget(Block.Lava, undefined)).toBe(true);
    expect(raycastBlocks(w.isTarget, O(0.5, 0.5, 4.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 2, z: 4, nx: -1, point: { x: 2 } });
  });

  it('from inside a shape, hits it at once with no face; from its cell outside its boxes, aims on', () => {
    const w = world([[0, 0, 0, Block.StoneSlab, 0], [3, 0, 0, Block.Stone, 0]]);
    expect(raycastBlocks(w.isTarget, O(0.5, 0.25, 0.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 0, nx: 0, ny: 0, nz: 0, distance: 0 });
    expect(raycastBlocks(w.isTarget, O(0.5, 0.75, 0.5), O(1, 0, 0), 10, w.boxesAt)).toMatchObject({ x: 3, nx: -1 });
  });

  it('full blocks and water keep the whole cell: aimBoxes gives null for them', () => {
    expect(aimBoxes(Block.Stone, 0)).toBeNull();
    expect(aimBoxes(Block.Water, 0)).toBeNull();
    expect(aimBoxes(Block.Log, 1)).toBeNull();
    expect(aimBoxes(Block.StoneSlab, 0)).toEqual([[0, 0, 0, 16, 8, 16]]);
  });

  it('whole-cell hits report the point exactly on the face entered', () => {
    const w = world([[0, -3, 0, Block.Stone, 0]]);
    const hit = raycastBlocks(w.isTarget, O(0.3, 0.7, 0.1), O(0.1, -1, 0.2), 10, w.boxesAt)!;
    expect(hit).toMatchObject({ y: -3, ny: 1 });
    expect(hit.point.y).toBe(-2);
    expect(hit.point.x).toBeCloseTo(0.3 + 0.1 * 2.7, 12);
  });
});

/** Reference: march in tiny steps and report the first point inside a box of a target cell. */
function marchReference(blocks: Placed[], o: number[], d: number[], max: number): number[] | null {
  const w = world(blocks);
  for (let t = 0; t <= max; t += 1e-3) {
    const p = [o[0]! + d[0]! * t, o[1]! + d[1]! * t, o[2]! + d[2]! * t];
    const c = p.map(Math.floor) as [number, number, number];
    if (!w.isTarget(...c)) continue;
    const boxes: readonly Box16[] = w.boxesAt(...c) ?? [[0, 0, 0, 16, 16, 16]];
    const inside = boxes.some((b) => [0, 1, 2].every((k) => p[k]! >= c[k]! + b[k]! / 16 && p[k]! <= c[k]! + b[k + 3]! / 16));
    if (inside) return [...c, t];
  }
  return null;
}

describe('raycastBlocks with shapes, against fine marching', () => {
  it('finds the same first block at the same distance on random rays through random shapes', () => {
    const rand = lcg(2026);
    const kinds: [number, number][] = [
      [Block.Stone, 0],
      [Block.StoneSlab, 0],
      [Block.StoneSlab, HALF_TOP],
      [Block.StoneStairs, Facing.North],
      [Block.StoneStairs, Facing.West | HALF_TOP],
      [Block.OakDoor, Facing.South],
      [Block.OakDoor, Facing.East | DOOR_OPEN],
      [Block.Fern, 0],
    ];
    const blocks: Placed[] = [];
    for (let i = 0; i < 120; i++) {
      const [block, state] = kinds[Math.floor(rand() * kinds.length)]!;
      blocks.push([Math.floor(rand() * 12 - 6), Math.floor(rand() * 12 - 6), Math.floor(rand() * 12 - 6), block, state]);
    }
    const w = world(blocks);
    let compared = 0;
    for (let i = 0; i < 150; i++) {
      const o = [rand() * 14 - 7, rand() * 14 - 7, rand() * 14 - 7];
      const d = [rand() * 2 - 1, rand() * 2 - 1, rand() * 2 - 1];
      const len = Math.hypot(d[0]!, d[1]!, d[2]!);
      const dir = d.map((v) => v / len);
      const hit = raycastBlocks(w.isTarget, O(o[0]!, o[1]!, o[2]!), O(dir[0]!, dir[1]!, dir[2]!), 12, w.boxesAt);
      const ref = marchReference(blocks, o, dir, 12);
      if (ref === null) {
        if (hit !== null) expect(hit.distance).toBeGreaterThan(12 - 2e-3);
        continue;
      }
      expect(hit).not.toBeNull();
      expect(Math.abs(hit!.distance - ref[3]!)).toBeLessThan(2e-3);
      expect([hit!.x, hit!.y, hit!.z]).toEqual(ref.slice(0, 3));
      if (ref[3]! - hit!.distance < 1e-3 && hit!.distance > 0) {
        // The point lies on the ray, where the march first found a box.
        expect(hit!.point.x).toBeCloseTo(o[0]! + dir[0]! * hit!.distance, 9);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });
});
