/**
 * The editor's refusal hook (a shared world's read-only copy): while it gives a reason, no
 * action of the player's changes anything (placing, breaking, the API's edits, undo, redo,
 * clearing), the player is told why, and nothing is saved; once it gives none, editing works.
 */
import { describe, expect, it } from 'vitest';
import { BlockEditor } from '../../../src/app/session/block-editor';
import { Block, DEFAULT_WORLD_PARAMS, EditStore, terrainFor } from '../../../src/world';

const params = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };
const DOWN = { x: 0, y: -1, z: 0 };

describe('BlockEditor refusal', () => {
  it('refuses every action while the hook gives a reason, and edits again once it gives none', () => {
    let refusal: string | null = null;
    const saved: string[] = [];
    const messages: string[] = [];
    const store = new EditStore();
    const editor = new BlockEditor({ columnsChanged: () => undefined, message: (text) => messages.push(text), stored: (_w, e) => void saved.push(`${e.x},${e.y},${e.z}=${e.block}`), refusal: () => refusal });
    editor.setWorld({ params, store });
    const terrain = terrainFor(params);
    let x = 0;
    while (terrain.heightAt(x, 3) <= params.seaLevel + 3) x += 7;
    const h = terrain.heightAt(x, 3);
    const aim = () => editor.updateAim({ x: x + 0.5, y: h + 5.5, z: 3.5 }, DOWN);

    expect(editor.apply({ x, y: 200, z: 3, block: Block.Stone })).toBeNull();
    refusal = 'read-only copy';
    expect(editor.apply({ x, y: 201, z: 3, block: Block.Stone })).toBe('read-only copy');
    aim();
    expect(editor.placeAtAim()).toBeNull();
    editor.breakAimed();
    expect(editor.undo()).toBe(false);
    expect(editor.clearWorldEdits()).toBe(0);
    expect(store.size).toBe(1);
    expect(editor.blockAt(x, h, 3)).not.toBe(Block.Air);
    expect(saved).toEqual([`${x},200,3=${Block.Stone}`]);
    expect(messages.filter((m) => m.includes('read-only copy'))).toHaveLength(5);

    refusal = null;
    aim();
    editor.breakAimed();
    expect(editor.blockAt(x, h, 3)).toBe(Block.Air);
    expect(editor.undo()).toBe(true);
    expect(editor.blockAt(x, h, 3)).not.toBe(Block.Air);
  });
});
