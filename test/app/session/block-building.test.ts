/**
 * How breaking and placing feel, against the real generated world: a click breaks at once in
 * flight, walking needs the button held for the block's time (let go, and it starts over),
 * a broken block bursts into particles and a placed one is drawn until its mesh comes.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BlockBuilding } from '../../../src/app/session/block-building';
import { BlockEditor } from '../../../src/app/session/block-editor';
import { BuildEffects } from '../../../src/render/build-effects';
import type { PlayerMode } from '../../../src/storage';
import { DEFAULT_WORLD_PARAMS, EditStore, terrainFor } from '../../../src/world';
import { breakSeconds } from '../../../src/world/block-hardness';

const params = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };
const terrain = terrainFor(params);
const DOWN = { x: 0, y: -1, z: 0 };

function setup(mode: PlayerMode) {
  let x = 0;
  while (terrain.heightAt(x, 3) <= params.seaLevel + 3) x += 7;
  const h = terrain.heightAt(x, 3);
  const editor = new BlockEditor({ columnsChanged: () => {}, message: () => {}, stored: () => {} });
  editor.setWorld({ params, store: new EditStore() });
  const effects = new BuildEffects(new THREE.DataArrayTexture(new Uint8Array(16 * 16 * 4 * 51), 16, 16, 51));
  const state = { mode };
  const building = new BlockBuilding(editor, effects, () => state.mode);
  const eye = { x: x + 0.5, y: h + 3.5, z: 3.5 };
  const aim = () => editor.updateAim(eye, DOWN)!;
  aim();
  return { editor, effects, building, state, aim, ground: { x, y: h, z: 3 } };
}

/** Frames of 1/60 s for `seconds`, the aim taken each frame as the game does. */
function run(t: ReturnType<typeof setup>, seconds: number): void {
  for (let i = 0; i < Math.round(seconds * 60); i++) {
    t.aim();
    t.building.frame(1 / 60, true);
  }
}

describe('BlockBuilding', () => {
  it('breaks at a click in flight, with particles', () => {
    const t = setup('fly');
    const { x, y, z } = t.ground;
    const block = t.editor.blockAt(x, y, z);
    t.building.actions.holdBreak(true);
    expect(t.editor.blockAt(x, y, z)).not.toBe(block);
    expect(t.building.particles).toBeGreaterThan(0);
    t.building.actions.holdBreak(false);
  });

  it('walking, breaks only after the block’s time held, with progress meanwhile; letting go starts over', () => {
    const t = setup('walk');
    const { x, y, z } = t.ground;
    const block = t.editor.blockAt(x, y, z);
    const seconds = breakSeconds(block);
    t.building.actions.holdBreak(true);
    run(t, seconds / 2);
    expect(t.editor.blockAt(x, y, z)).toBe(block);
    expect(t.building.current).toMatchObject({ x, y, z });
    expect(t.building.current!.progress).toBeGreaterThan(0.3);
    expect(t.effects.cracks.shownStage).toBeGreaterThanOrEqual(3);
    t.building.actions.holdBreak(false);
    run(t, 1 / 60);
    expect(t.building.current).toBeNull();
    expect(t.effects.cracks.shownStage).toBe(-1);
    t.building.actions.holdBreak(true);
    run(t, seconds * 0.9);
    expect(t.editor.blockAt(x, y, z)).toBe(block);
    run(t, seconds * 0.2);
    expect(t.editor.blockAt(x, y, z)).not.toBe(block);
    expect(t.building.particles).toBeGreaterThan(0);
  });

  it('counts a click shorter than a frame: one frame of progress (a block that breaks at once would break)', () => {
    const t = setup('walk');
    t.building.actions.holdBreak(true);
    t.building.actions.holdBreak(false);
    run(t, 1 / 60);
    expect(t.building.current?.progress).toBeGreaterThan(0);
    run(t, 1 / 60);
    expect(t.building.current).toBeNull();
  });

  it('darkens the bits of a block with no open sky above it', () => {
    const open = setup('fly');
    open.building.actions.holdBreak(true);
    expect(Math.min(...open.effects.particles.pool.light.subarray(0, open.building.particles))).toBeGreaterThan(0.8);
    const roofed = setup('fly');
    const { x, y, z } = roofed.ground;
    roofed.editor.apply({ x, y: y + 10, z, block: 2 }); // a stone roof high above
    roofed.aim();
    roofed.building.actions.holdBreak(true);
    expect(roofed.editor.blockAt(x, y, z)).not.toBe(2);
    expect(Math.max(...roofed.effects.particles.pool.light.subarray(0, roofed.building.particles))).toBeLessThan(0.5);
  });

  it('draws a placed block at once, and stops drawing it if it is broken before its mesh comes', () => {
    const t = setup('fly');
    t.editor.selectSlot(0);
    t.building.actions.placeBlock();
    expect(t.effects.pending.count).toBe(1);
    t.aim();
    t.building.actions.breakBlock();
    expect(t.effects.pending.count).toBe(0);
    expect(t.editor.editCount).toBe(0);
  });

  it('tells its sound of each of the player\'s own breaks and places, with the block, and of nothing else', () => {
    const t = setup('fly');
    const { x, y, z } = t.ground;
    const heard: [string, number][] = [];
    t.building.onBuilt = (kind, block) => heard.push([kind, block]);
    const ground = t.editor.blockAt(x, y, z);
    t.building.actions.placeBlock();
    expect(heard).toEqual([['place', t.editor.selectedBlock]]);
    t.aim();
    t.building.actions.breakBlock();
    expect(heard).toEqual([['place', t.editor.selectedBlock], ['break', t.editor.selectedBlock]]);
    t.aim();
    t.building.actions.breakBlock();
    expect(heard[2]).toEqual(['break', ground]);
    // Nothing aimed at: no break, no sound.
    t.editor.updateAim({ x: x + 0.5, y: 250, z: 3.5 }, { x: 0, y: 1, z: 0 });
    t.building.actions.breakBlock();
    expect(heard).toHaveLength(3);
  });
});
