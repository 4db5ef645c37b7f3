/**
 * Breaking and placing as a player meets them: the editor against the real generated world,
 * with a recording stand-in for IndexedDB.
 */
import { describe, expect, it } from 'vitest';
import { BlockEditor } from '../../src/app/block-editor';
import type { EditPersistence } from '../../src/app/edit-persistence';
import { Block, DEFAULT_WORLD_PARAMS, terrainFor, type BlockEdit } from '../../src/world';

const params = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };
const terrain = terrainFor(params);
const DOWN = { x: 0, y: -1, z: 0 };

/** A block column whose ground is under the sea, and one on land with open sky over it. */
function findColumn(under: boolean): { x: number; z: number; h: number } {
  for (let x = 0; x < 4000; x += 7) {
    const h = terrain.heightAt(x, 3);
    const ok = under ? h < params.seaLevel - 3 : h > params.seaLevel + 3;
    if (ok) return { x, z: 3, h };
  }
  throw new Error('no such column near the origin');
}

function setup() {
  const saved: string[] = [];
  const persistence = {
    save: async (_w: string, e: BlockEdit) => void saved.push(`save ${e.x},${e.y},${e.z}=${e.block}`),
    remove: async (_w: string, e: { x: number; y: number; z: number }) => void saved.push(`remove ${e.x},${e.y},${e.z}`),
    clearWorld: async () => undefined,
  } as unknown as EditPersistence;
  const messages: string[] = [];
  const changed: string[] = [];
  const editor = new BlockEditor(persistence, new Map(), {
    columnsChanged: (cs) => changed.push(...cs.map((c) => `${c.cx},${c.cz}`)),
    message: (text) => messages.push(text),
  });
  editor.setWorld(params);
  return { editor, saved, messages, changed };
}

describe('BlockEditor', () => {
  it('never places onto a solid block: aiming from inside one places nothing', () => {
    const { editor, messages } = setup();
    const land = findColumn(false);
    const inside = { x: land.x + 0.5, y: land.h - 2 + 0.5, z: land.z + 0.5 };
    const hit = editor.updateAim(inside, DOWN);
    expect(hit).not.toBeNull();
    expect([hit!.nx, hit!.ny, hit!.nz]).toEqual([0, 0, 0]);
    const before = editor.blockAt(hit!.x, hit!.y, hit!.z);
    expect(before).not.toBe(Block.Air);
    editor.selectSlot(3); // sand
    editor.placeAtAim();
    expect(editor.blockAt(hit!.x, hit!.y, hit!.z)).toBe(before);
    expect(editor.editCount).toBe(0);
    expect(messages.join(' ')).toMatch(/inside a block/);
  });

  it('places against the aimed face, and breaking that block again leaves no edit behind', () => {
    const { editor, saved, changed } = setup();
    const land = findColumn(false);
    const above = { x: land.x + 0.5, y: land.h + 5.5, z: land.z + 0.5 };
    expect(editor.updateAim(above, DOWN)).toMatchObject({ x: land.x, y: land.h, z: land.z, ny: 1 });
    editor.selectSlot(0); // stone
    editor.placeAtAim();
    expect(editor.blockAt(land.x, land.h + 1, land.z)).toBe(Block.Stone);
    expect(editor.editCount).toBe(1);
    expect(editor.updateAim(above, DOWN)).toMatchObject({ y: land.h + 1 });
    editor.breakAimed();
    expect(editor.blockAt(land.x, land.h + 1, land.z)).toBe(Block.Air);
    expect(editor.editCount).toBe(0);
    expect(saved).toEqual([`save ${land.x},${land.h + 1},${land.z}=${Block.Stone}`, `remove ${land.x},${land.h + 1},${land.z}`]);
    expect(changed.length).toBeGreaterThanOrEqual(2); // re-meshed on place and on break
  });

  it('placed water can be aimed at and taken back; the sea is aimed through', () => {
    const { editor } = setup();
    const land = findColumn(false);
    editor.selectSlot(8); // water
    expect(editor.apply({ x: land.x, y: land.h + 1, z: land.z, block: Block.Water })).toBeNull();
    const above = { x: land.x + 0.5, y: land.h + 5.5, z: land.z + 0.5 };
    expect(editor.updateAim(above, DOWN)).toMatchObject({ y: land.h + 1 });
    editor.breakAimed();
    expect(editor.blockAt(land.x, land.h + 1, land.z)).toBe(Block.Air);
    expect(editor.editCount).toBe(0);

    const sea = findColumn(true);
    const overSea = { x: sea.x + 0.5, y: params.seaLevel + 3.5, z: sea.z + 0.5 };
    expect(editor.blockAt(sea.x, params.seaLevel, sea.z)).toBe(Block.Water);
    expect(editor.updateAim(overSea, DOWN)).toMatchObject({ x: sea.x, y: sea.h, z: sea.z });
  });

  it('breaking the sea floor lets the water in instead of leaving a dry hole', () => {
    const { editor } = setup();
    const sea = findColumn(true);
    const overSea = { x: sea.x + 0.5, y: params.seaLevel + 3.5, z: sea.z + 0.5 };
    editor.updateAim(overSea, DOWN);
    editor.breakAimed();
    expect(editor.blockAt(sea.x, sea.h, sea.z)).toBe(Block.Water);
    // Dry land stays dry.
    const land = findColumn(false);
    editor.updateAim({ x: land.x + 0.5, y: land.h + 5.5, z: land.z + 0.5 }, DOWN);
    editor.breakAimed();
    expect(editor.blockAt(land.x, land.h, land.z)).toBe(Block.Air);
  });

  it('says in words why a block cannot go below the floor or above the build height', () => {
    const { editor, messages } = setup();
    expect(editor.apply({ x: 0, y: -1, z: 0, block: Block.Stone })).toMatch(/bedrock floor/);
    expect(editor.apply({ x: 0, y: 999, z: 0, block: Block.Stone })).toMatch(/build height/);
    expect(messages.length).toBe(2);
    expect(messages.join(' ')).not.toMatch(/outside the world height/);
    expect(editor.editCount).toBe(0);
  });
});
