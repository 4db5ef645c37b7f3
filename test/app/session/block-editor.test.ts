/**
 * Breaking and placing as a player meets them: the editor against the real generated world,
 * with a recording stand-in for IndexedDB.
 */
import { describe, expect, it } from 'vitest';
import { BlockEditor } from '../../../src/app/session/block-editor';
import { Block, DEFAULT_WORLD_PARAMS, EditStore, terrainFor, worldParamsKey, type WorldParams } from '../../../src/world';

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

function setup(occupied: (x: number, y: number, z: number) => boolean = () => false) {
  const saved: string[] = [];
  const messages: string[] = [];
  const changed: string[] = [];
  const store = new EditStore();
  const editor = new BlockEditor({
    columnsChanged: (cs) => changed.push(...cs.map((c) => `${c.cx},${c.cz}`)),
    message: (text) => messages.push(text),
    stored: (_w, e) => void saved.push(`${e.x},${e.y},${e.z}=${e.block}`),
    occupiedByPlayer: occupied,
  });
  editor.setWorld({ params, store });
  return { editor, saved, messages, changed, store };
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
    expect(saved).toEqual([`${land.x},${land.h + 1},${land.z}=${Block.Stone}`, `${land.x},${land.h + 1},${land.z}=${Block.Air}`]);
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

describe('BlockEditor with two worlds on screen (compare mode)', () => {
  const perlin = { ...params, noise: 'perlin' as const };
  const simplex = { ...params, noise: 'simplex' as const };
  const simplexTerrain = terrainFor(simplex);

  function compareSetup() {
    const saved: string[] = [];
    const changed: string[] = [];
    const messages: string[] = [];
    const editor = new BlockEditor({
      columnsChanged: (cs, key) => changed.push(...cs.map((c) => `${(key.includes('"simplex"') ? 'simplex' : 'perlin')} ${c.cx},${c.cz}`)),
      message: (text) => messages.push(text),
      stored: (w, e) => void saved.push(`${(w.includes('"simplex"') ? 'simplex' : 'perlin')} save ${e.x},${e.y},${e.z}=${e.block}`),
    });
    const stores = { perlin: new EditStore(), simplex: new EditStore() };
    editor.setWorlds([
      { params: perlin, store: stores.perlin },
      { params: simplex, store: stores.simplex },
    ]);
    return { editor, saved, changed, messages, stores };
  }

  /** A block column that is land in the Perlin world and under the sea in the simplex one, or the other way round. */
  function landInOneSeaInOther(): { x: number; z: number } {
    for (let x = 0; x < 20000; x += 3) {
      const a = terrain.heightAt(x, 11);
      const b = simplexTerrain.heightAt(x, 11);
      if (a > params.seaLevel + 3 && b < params.seaLevel - 3) return { x, z: 11 };
    }
    throw new Error('no such column');
  }

  /** A block column whose sea floor is shallower in the Perlin world than in the simplex one. */
  function shallowOverDeep(): { x: number; z: number } {
    for (let x = 0; x < 20000; x += 3) {
      const a = terrain.heightAt(x, 11);
      const b = simplexTerrain.heightAt(x, 11);
      if (a <= params.seaLevel - 2 && b < a - 2) return { x, z: 11 };
    }
    throw new Error('no such column');
  }

  it('an edit lands in both worlds, each saved under its own world and re-meshed in its own world', () => {
    const { editor, saved, changed } = compareSetup();
    expect(editor.apply({ x: 5, y: 220, z: 5, block: Block.Stone })).toBeNull();
    const key = (p: WorldParams) => worldParamsKey(p);
    expect(editor.blockAt(5, 220, 5, key(perlin))).toBe(Block.Stone);
    expect(editor.blockAt(5, 220, 5, key(simplex))).toBe(Block.Stone);
    expect(editor.editCountIn(key(perlin))).toBe(1);
    expect(editor.editCountIn(key(simplex))).toBe(1);
    expect(saved).toEqual(['perlin save 5,220,5=2', 'simplex save 5,220,5=2']);
    expect(changed).toEqual(['perlin 0,0', 'simplex 0,0']);
    expect(editor.editsFor(0, 0, key(simplex))).toEqual([{ x: 5, y: 220, z: 5, block: Block.Stone }]);
  });

  it('breaking acts by each world\'s rules: the aimed world\'s block goes, and the other world\'s own sea is left alone', () => {
    const { editor, changed } = compareSetup();
    const { x, z } = shallowOverDeep();
    // Aim in the Perlin world, at its sea floor: in the simplex world that cell is open sea.
    const perlinGround = terrain.heightAt(x, z);
    editor.aimIn(worldParamsKey(perlin));
    expect(editor.updateAim({ x: x + 0.5, y: perlinGround + 5.5, z: z + 0.5 }, DOWN)).toMatchObject({ x, y: perlinGround, z });
    expect(editor.blockAt(x, perlinGround, z, worldParamsKey(simplex))).toBe(Block.Water);
    editor.breakAimed();
    expect(editor.editCountIn(worldParamsKey(perlin))).toBe(1);
    expect(editor.blockAt(x, perlinGround, z, worldParamsKey(perlin))).toBe(Block.Water); // the hole floods, as ever
    expect(editor.blockAt(x, perlinGround, z, worldParamsKey(simplex))).toBe(Block.Water); // and no air pocket in the other sea
    expect(editor.editCountIn(worldParamsKey(simplex))).toBe(0);
    expect(changed.every((c) => c.startsWith('perlin'))).toBe(true);
  });

  it('breaking where both worlds have ground removes it in both, letting in each world\'s water where it has some', () => {
    const { editor } = compareSetup();
    const { x, z } = landInOneSeaInOther();
    const y = simplexTerrain.heightAt(x, z); // the simplex sea floor, deep inside the Perlin hill
    editor.aimIn(worldParamsKey(simplex));
    expect(editor.updateAim({ x: x + 0.5, y: params.seaLevel + 2.5, z: z + 0.5 }, DOWN)).toMatchObject({ x, y, z });
    editor.breakAimed();
    expect(editor.blockAt(x, y, z, worldParamsKey(simplex))).toBe(Block.Water);
    expect(editor.blockAt(x, y, z, worldParamsKey(perlin))).toBe(Block.Air);
  });

  it('placing never overwrites a block of the other world, and says where it placed', () => {
    const { editor, messages } = compareSetup();
    const { x, z } = landInOneSeaInOther();
    const y = simplexTerrain.heightAt(x, z);
    editor.aimIn(worldParamsKey(simplex));
    editor.updateAim({ x: x + 0.5, y: params.seaLevel + 2.5, z: z + 0.5 }, DOWN);
    editor.selectSlot(5); // gravel
    editor.placeAtAim();
    const inPerlin = editor.blockAt(x, y + 1, z, worldParamsKey(perlin));
    expect(editor.blockAt(x, y + 1, z, worldParamsKey(simplex))).toBe(Block.Gravel);
    expect(inPerlin).not.toBe(Block.Gravel); // inside the Perlin hill: its stone stays
    expect(editor.editCountIn(worldParamsKey(perlin))).toBe(0);
    expect(messages.join(' ')).toMatch(/Placed in the simplex-noise world only: that space is taken in the Perlin \(ours\) world/);
  });

  it('placing where the cell is open in both worlds places in both', () => {
    const { editor } = compareSetup();
    const { x, z } = landInOneSeaInOther();
    const top = terrain.heightAt(x, z);
    editor.aimIn(worldParamsKey(perlin));
    editor.updateAim({ x: x + 0.5, y: top + 5.5, z: z + 0.5 }, DOWN);
    editor.selectSlot(0); // stone
    editor.placeAtAim();
    expect(editor.blockAt(x, top + 1, z, worldParamsKey(perlin))).toBe(Block.Stone);
    expect(editor.blockAt(x, top + 1, z, worldParamsKey(simplex))).toBe(Block.Stone); // air above the simplex sea
  });

  it('aims in the world it is told to: the same ray stops at different blocks', () => {
    const { editor } = compareSetup();
    const { x, z } = landInOneSeaInOther();
    const from = { x: x + 0.5, y: terrain.heightAt(x, z) + 10.5, z: z + 0.5 }; // within reach of both grounds
    editor.aimIn(worldParamsKey(perlin));
    expect(editor.updateAim(from, DOWN)!.y).toBe(terrain.heightAt(x, z));
    editor.aimIn(worldParamsKey(simplex));
    expect(editor.updateAim(from, DOWN)!.y).toBe(simplexTerrain.heightAt(x, z));
  });

  it('clearing removes the edits of both worlds, saves and re-meshes each, and one undo brings them back', () => {
    const { editor, saved, changed } = compareSetup();
    editor.apply({ x: 5, y: 220, z: 5, block: Block.Stone });
    changed.length = 0;
    expect(editor.clearWorldEdits()).toBe(2);
    expect(changed).toEqual(['perlin 0,0', 'simplex 0,0']);
    expect(editor.editCountIn(worldParamsKey(perlin)) + editor.editCountIn(worldParamsKey(simplex))).toBe(0);
    expect(saved.slice(-2)).toEqual(['perlin save 5,220,5=0', 'simplex save 5,220,5=0']);
    expect(editor.undo()).toBe(true);
    expect(editor.blockAt(5, 220, 5, worldParamsKey(perlin))).toBe(Block.Stone);
    expect(editor.blockAt(5, 220, 5, worldParamsKey(simplex))).toBe(Block.Stone);
  });

  it('back to one world, edits go to that world only; the other keeps what it had', () => {
    const { editor, stores } = compareSetup();
    editor.apply({ x: 5, y: 220, z: 5, block: Block.Stone });
    editor.setWorlds([{ params: simplex, store: stores.simplex }]);
    editor.apply({ x: 6, y: 220, z: 5, block: Block.Dirt });
    expect(editor.editCount).toBe(2);
    editor.setWorlds([{ params: perlin, store: stores.perlin }]);
    expect(editor.editCount).toBe(1);
    expect(editor.blockAt(6, 220, 5)).toBe(Block.Air);
  });
});

describe('BlockEditor undo and redo', () => {
  it('undoes and redoes whole actions in order, each one saved and re-meshed like any edit', () => {
    const { editor, saved, changed } = setup();
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Stone });
    editor.apply({ x: 2, y: 200, z: 1, block: Block.Dirt });
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Sand }); // over the stone
    expect(editor.editCount).toBe(2);
    changed.length = 0;
    saved.length = 0;
    expect(editor.undo()).toBe(true);
    expect(editor.blockAt(1, 200, 1)).toBe(Block.Stone);
    expect(saved).toEqual([`1,200,1=${Block.Stone}`]);
    // A block one from the column's corner changes the light up to 3 blocks away: the three
    // neighbours across the corner are re-meshed too.
    expect(changed).toEqual(['0,0', '-1,0', '0,-1', '-1,-1']);
    expect(editor.undo()).toBe(true);
    expect(editor.blockAt(2, 200, 1)).toBe(Block.Air);
    expect(editor.undo()).toBe(true);
    expect(editor.blockAt(1, 200, 1)).toBe(Block.Air);
    expect(editor.editCount).toBe(0);
    expect(editor.undo()).toBe(false);
    expect(editor.redo()).toBe(true);
    expect(editor.redo()).toBe(true);
    expect(editor.blockAt(2, 200, 1)).toBe(Block.Dirt);
    // A new action forgets what could be redone.
    editor.apply({ x: 3, y: 200, z: 1, block: Block.Log });
    expect(editor.redo()).toBe(false);
    expect(editor.blockAt(1, 200, 1)).toBe(Block.Stone);
  });

  it('keeps the last 200 actions', () => {
    const { editor } = setup();
    for (let i = 0; i < 205; i++) editor.apply({ x: i, y: 210, z: 0, block: Block.Stone });
    let undone = 0;
    while (editor.undo()) undone++;
    expect(undone).toBe(200);
    expect(editor.editCount).toBe(5);
  });

  it('a new world starts a new history; the same world set again keeps it', () => {
    const { editor, store } = setup();
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Stone });
    editor.setWorld({ params, store });
    expect(editor.canUndo).toBe(true);
    editor.setWorld({ params: { ...params, seed: 'other' }, store: new EditStore() });
    expect(editor.canUndo).toBe(false);
  });

  it('refuses to place a solid block where the player stands, but lets water in', () => {
    const land = findColumn(false);
    const feet = { x: land.x, y: land.h + 1, z: land.z };
    const { editor, messages } = setup((x, y, z) => x === feet.x && z === feet.z && (y === feet.y || y === feet.y + 1));
    const above = { x: land.x + 0.5, y: land.h + 5.5, z: land.z + 0.5 };
    editor.updateAim(above, DOWN);
    editor.selectSlot(0); // stone
    editor.placeAtAim();
    expect(editor.blockAt(feet.x, feet.y, feet.z)).toBe(Block.Air);
    expect(messages.join(' ')).toMatch(/overlap you/);
    expect(editor.canUndo).toBe(false);
    editor.selectSlot(8); // water is not solid: it may flow round the player
    editor.placeAtAim();
    expect(editor.blockAt(feet.x, feet.y, feet.z)).toBe(Block.Water);
  });

  it('refuses a redo or undo that would put a block inside the player, and keeps it for later', () => {
    // A tower built under the player, who then stands where an undone block was.
    let player = { x: 1, y: 201, z: 1 };
    const { editor, messages } = setup((x, y, z) => x === player.x && z === player.z && (y === player.y || y === player.y + 1));
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Stone });
    editor.apply({ x: 1, y: 201, z: 1, block: Block.Stone });
    player = { x: 1, y: 202, z: 1 }; // standing on top of the tower
    expect(editor.undo()).toBe(true);
    expect(editor.undo()).toBe(true);
    player = { x: 1, y: 200, z: 1 }; // fell down to where the tower stood
    expect(editor.redo()).toBe(false);
    expect(editor.blockAt(1, 200, 1)).toBe(Block.Air);
    expect(messages.at(-1)).toMatch(/would put a block where you stand/);
    expect(editor.canRedo).toBe(true);
    player = { x: 5, y: 200, z: 5 }; // stepped aside: the redo goes through
    expect(editor.redo()).toBe(true);
    expect(editor.redo()).toBe(true);
    expect(editor.blockAt(1, 201, 1)).toBe(Block.Stone);
    // Undoing a break where the player now stands is refused the same way.
    editor.apply({ x: 1, y: 201, z: 1, block: Block.Air });
    player = { x: 1, y: 201, z: 1 };
    expect(editor.undo()).toBe(false);
    expect(editor.blockAt(1, 201, 1)).toBe(Block.Air);
  });

  it('a step whose block would land inside the player only in a world no longer on screen is not refused', () => {
    const player = { x: 1, y: 200, z: 1 };
    const { editor, store } = setup((x, y, z) => x === player.x && z === player.z && (y === player.y || y === player.y + 1));
    // The twin has a block at the player's feet that this world does not: breaking it there
    // changes the twin only.
    const twinStore = new EditStore();
    twinStore.set({ x: 1, y: 200, z: 1, block: Block.Stone });
    editor.setWorlds([{ params, store }, { params: { ...params, noise: 'simplex' }, store: twinStore }]);
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Air });
    editor.setWorlds([{ params, store }]); // compare mode ends
    expect(editor.undo()).toBe(true); // the twin's stone would come back, but the twin is gone
    expect(editor.blockAt(1, 200, 1)).toBe(Block.Air);
  });

  it('applies another tab\'s saved edits without saving them again or making them undoable', () => {
    const { editor, saved } = setup();
    editor.applySaved(worldParamsKey(params), [{ x: 4, y: 230, z: 4, block: Block.Snow }, { x: 1, y: 999, z: 1, block: Block.Snow }]);
    expect(editor.blockAt(4, 230, 4)).toBe(Block.Snow);
    expect(editor.editCount).toBe(1);
    expect(saved).toEqual([]);
    expect(editor.canUndo).toBe(false);
  });
});
