/**
 * Putting the session's worlds on screen: the sides take their parameters, the editor their
 * edits; and two saved worlds made from the same parameters never share meshes.
 */
import { describe, expect, it } from 'vitest';
import { BlockEditor } from '../../../src/app/session/block-editor';
import { WorldsOnScreen } from '../../../src/app/session/worlds-on-screen';
import type { LoadedWorld } from '../../../src/persistence/world-library';
import { DEFAULT_HOTBAR, type WorldRecord } from '../../../src/storage';
import { Block, DEFAULT_WORLD_PARAMS, EditStore, type WorldParams } from '../../../src/world';
import { setup } from './sides-harness';

function world(id: string, params: WorldParams, store = new EditStore()): LoadedWorld {
  const record: WorldRecord = { id, name: id, params, generatorVersion: 2, created: 0, lastPlayed: 0, camera: null, mode: 'fly', hotbar: [...DEFAULT_HOTBAR], edits: store.size, kept: true };
  return { record, store };
}

function onScreen() {
  const editor = new BlockEditor({ columnsChanged: () => undefined, message: () => undefined, stored: () => undefined });
  const harness = setup('perlin', 0, (cx, cz, key) => editor.editsFor(cx, cz, key));
  return { ...harness, editor, screen: new WorldsOnScreen(harness.sides, editor) };
}

describe('WorldsOnScreen', () => {
  it('a second saved world with the same parameters is built again with its own edits', async () => {
    const { sides, settle, editor, screen } = onScreen();
    const params = { ...DEFAULT_WORLD_PARAMS, noise: 'perlin' as const };
    const plain = world('plain', params);
    const edited = new EditStore();
    edited.set({ x: 1, y: 200, z: 1, block: Block.Stone });
    screen.showWorlds(plain, null);
    await settle();
    const hashBefore = sides.primary.loader.hashOf(0, 0);
    const built = sides.primary.loader.columnsBuilt;
    screen.showWorlds(world('copy', params, edited), null);
    await settle();
    expect(sides.primary.loader.columnsBuilt).toBe(built + 13); // every column again
    expect(sides.primary.loader.hashOf(0, 0)).not.toBe(hashBefore); // with the stone in it
    expect(editor.blockAt(1, 200, 1)).toBe(Block.Stone);
    // Showing the same world again rebuilds nothing.
    screen.showWorlds(world('copy', params, edited), null);
    await settle();
    expect(sides.primary.loader.columnsBuilt).toBe(built + 13);
  });

  it('compare mode puts both worlds on screen, the editor taking the primary one first', async () => {
    const { sides, editor, screen } = onScreen();
    const perlin = world('p', { ...DEFAULT_WORLD_PARAMS, noise: 'perlin' });
    const simplexStore = new EditStore();
    simplexStore.set({ x: 2, y: 210, z: 2, block: Block.Sand });
    screen.showWorlds(perlin, world('s', { ...DEFAULT_WORLD_PARAMS, noise: 'simplex' }, simplexStore));
    expect(sides.compare).toBe(true);
    expect(editor.editCount).toBe(0); // the primary (Perlin) world's
    expect(editor.editCountOnScreen).toBe(1);
    screen.showWorlds(perlin, null);
    expect(sides.compare).toBe(false);
    expect(editor.editCountOnScreen).toBe(0);
  });
});
