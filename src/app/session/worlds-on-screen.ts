/**
 * Puts the session's worlds on screen: the streaming sides take their parameters (two sides
 * in compare mode) and the editor takes their edits, primary first, so every request a side
 * sends carries its own world's edits and nothing else.
 */
import { worldParamsKey, type BlockEdit } from '../../world';
import type { LoadedWorld } from '../../persistence/world-library';
import type { BlockEditor } from './block-editor';
import type { SessionScreen } from './world-session';
import type { WorldSides } from './world-sides';

export class WorldsOnScreen implements SessionScreen {
  constructor(
    private readonly sides: WorldSides,
    private readonly editor: BlockEditor,
  ) {}

  showWorlds(current: LoadedWorld, twin: LoadedWorld | null): void {
    // Parameters first: setCompare creates the missing side from them.
    this.sides.setParams(current.record.params);
    this.sides.setCompare(twin !== null);
    const byKey = new Map([current, twin].filter((w) => w !== null).map((w) => [worldParamsKey(w.record.params), w]));
    this.editor.setWorlds(
      this.sides.primaryFirst.map((side) => {
        const world = byKey.get(side.key);
        if (!world) throw new Error(`no edits loaded for the ${side.noise} world`);
        return { params: world.record.params, store: world.store };
      }),
    );
  }

  applyEdits(world: LoadedWorld, edits: readonly BlockEdit[]): void {
    this.editor.applySaved(worldParamsKey(world.record.params), edits);
  }
}
