/**
 * Puts the session's worlds on screen: the streaming sides take their parameters (two sides
 * in compare mode) and the editor takes their edits, primary first, so every request a side
 * sends carries its own world's edits and nothing else.
 */
import { worldParamsKey, type BlockEdit, type EditStore } from '../../world';
import type { LoadedWorld } from '../../persistence/world-library';
import type { BlockEditor } from './block-editor';
import type { SessionScreen } from './world-session';
import type { WorldSide } from './world-side';
import type { WorldSides } from './world-sides';

export class WorldsOnScreen implements SessionScreen {
  /** Whose edits each side's meshes were built with. */
  private readonly storeShown = new WeakMap<WorldSide, EditStore>();

  constructor(
    private readonly sides: WorldSides,
    private readonly editor: BlockEditor,
  ) {}

  showWorlds(current: LoadedWorld, twin: LoadedWorld | null): void {
    const keyBefore = new Map(this.sides.all.map((side) => [side, side.key]));
    // Parameters first: setCompare creates the missing side from them.
    this.sides.setParams(current.record.params);
    this.sides.setCompare(twin !== null);
    const byKey = new Map([current, twin].filter((w) => w !== null).map((w) => [worldParamsKey(w.record.params), w]));
    for (const [key, world] of byKey) {
      const side = this.sides.withKey(key);
      if (!side) continue;
      // Two saved worlds can share parameters: the side did not change world by its key, but
      // its meshes hold the other world's edits.
      const shown = this.storeShown.get(side);
      if (keyBefore.get(side) === key && shown !== undefined && shown !== world.store) side.rebuild();
      this.storeShown.set(side, world.store);
    }
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
