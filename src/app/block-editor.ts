/**
 * Breaking and placing blocks. Aims with a voxel raycast against the generated world plus
 * the edits, keeps one EditStore per world, saves each edit the moment it is made, and
 * tells the game which columns of which world need a new mesh.
 *
 * Several worlds can be on screen at once (compare mode shows the same seed made with each
 * noise source). The aim is taken in one of them, the one under the crosshair, and a click
 * then acts at the same place in every world, by each world's own rules: breaking removes
 * what that world has there (and lets its water in), but not its open air or sea; placing
 * fills the cell where it is free in that world, and never overwrites one of its blocks. The
 * player is told when a world was left as it was.
 */
import {
  affectedColumns,
  Block,
  BLOCK_NAMES,
  BLOCK_SOLID,
  blockLeftByBreaking,
  isAimTarget,
  placementFor,
  createBlockSampler,
  EditStore,
  raycastBlocks,
  terrainFor,
  validateEdit,
  worldParamsKey,
  type BlockEdit,
  type BlockSampler,
  type RayHit,
  type WorldParams,
} from '../world';
import type { EditPersistence } from './edit-persistence';
import { NOISE_LABELS } from './hud-data';

/** Blocks on the number keys 1..9. */
export const PALETTE: readonly number[] = [Block.Stone, Block.Dirt, Block.Grass, Block.Sand, Block.Snow, Block.Gravel, Block.Log, Block.Leaves, Block.Water];

/** How far the player can reach, in blocks: a flying builder works from a distance. */
export const REACH = 48;

export interface BlockEditorHooks {
  /** Columns of world `worldKey` (worldParamsKey) whose meshes an edit changed. */
  columnsChanged(columns: { cx: number; cz: number }[], worldKey: string): void;
  message(text: string, kind: 'info' | 'warning' | 'error'): void;
}

/** A world on screen, as the editor sees it: its edits and its generated blocks. */
interface EditedWorld {
  key: string;
  /** How the player knows this world, for messages: its noise source. */
  name: string;
  store: EditStore;
  sampler: BlockSampler;
}

export class BlockEditor {
  private readonly stores = new Map<string, EditStore>();
  /** The worlds on screen; the first is the primary one (edit count, default lookups). */
  private worlds: EditedWorld[] = [{ key: '', name: '', store: new EditStore(), sampler: () => 0 }];
  /** The world the aim is taken in. */
  private aimWorld: EditedWorld = this.worlds[0]!;
  private aim: RayHit | null = null;
  private paletteIndex = 0;
  private saveFailed = false;

  constructor(
    private readonly persistence: EditPersistence | null,
    saved: Map<string, unknown[]>,
    private readonly hooks: BlockEditorHooks,
  ) {
    let skipped = 0;
    for (const [world, entries] of saved) {
      const store = new EditStore();
      skipped += store.load(entries).skipped;
      this.stores.set(world, store);
    }
    if (skipped > 0) hooks.message(`${skipped} saved edit${skipped === 1 ? ' was' : 's were'} unreadable and skipped`, 'warning');
  }

  /** Switches to the edits of another world (seed, noise or shape). */
  setWorld(params: WorldParams): void {
    this.setWorlds([params]);
  }

  /** The worlds on screen, primary first; every edit from now on goes to all of them. */
  setWorlds(list: readonly WorldParams[]): void {
    if (list.length === 0) throw new RangeError('setWorlds: at least one world');
    const previous = new Map(this.worlds.map((w) => [w.key, w]));
    this.worlds = list.map((params) => {
      const key = worldParamsKey(params);
      const kept = previous.get(key);
      if (kept) return kept;
      let store = this.stores.get(key);
      if (!store) this.stores.set(key, (store = new EditStore()));
      return { key, name: NOISE_LABELS[params.noise], store, sampler: createBlockSampler(terrainFor(params)) };
    });
    this.aimWorld = this.worlds.find((w) => w.key === this.aimWorld.key) ?? this.worlds[0]!;
    this.aim = null;
  }

  /** Takes the aim in this world (by worldParamsKey) from now on: in compare mode, the side under the crosshair. */
  aimIn(worldKey: string): void {
    const world = this.worldOf(worldKey);
    if (world === this.aimWorld) return;
    this.aimWorld = world;
    this.aim = null;
  }

  private get primary(): EditedWorld {
    return this.worlds[0]!;
  }

  /** The world on screen with this key; the primary one for any other key (reads only). */
  private worldOf(key: string | undefined): EditedWorld {
    return (key !== undefined && this.worlds.find((w) => w.key === key)) || this.primary;
  }

  get selectedBlock(): number {
    return PALETTE[this.paletteIndex]!;
  }

  get selectedName(): string {
    return BLOCK_NAMES[this.selectedBlock]!;
  }

  selectSlot(slot: number): void {
    if (slot >= 0 && slot < PALETTE.length) this.paletteIndex = slot;
  }

  /** Edits of a world on screen (by worldParamsKey), the primary one by default. */
  editCountIn(worldKey?: string): number {
    return this.worldOf(worldKey).store.size;
  }

  get editCount(): number {
    return this.primary.store.size;
  }

  /** Edits of every world on screen together: what "remove my edits" would remove. */
  get editCountOnScreen(): number {
    let n = 0;
    for (const w of this.worlds) n += w.store.size;
    return n;
  }

  get aimed(): RayHit | null {
    return this.aim;
  }

  /** Block at a world position in a world on screen: the player's edit if any, else the generated block. */
  blockAt(x: number, y: number, z: number, worldKey?: string): number {
    return lookup(this.worldOf(worldKey), x, y, z);
  }

  /**
   * Edits of a column and its border in the world with this key (the primary world without
   * one). A world not on screen has none here: its requests must never get another world's.
   */
  editsFor(cx: number, cz: number, worldKey?: string): BlockEdit[] {
    const world = worldKey === undefined ? this.primary : this.worlds.find((w) => w.key === worldKey);
    return world ? world.store.forPaddedColumn(cx, cz) : [];
  }

  /** Re-aims from the camera (direction normalised); what stops the aim is in edit-rules. */
  updateAim(origin: { x: number; y: number; z: number }, direction: { x: number; y: number; z: number }): RayHit | null {
    const world = this.aimWorld;
    this.aim = raycastBlocks((x, y, z) => isAimTarget(lookup(world, x, y, z), world.store.get(x, y, z)), origin, direction, REACH);
    return this.aim;
  }

  /** Removes the aimed block, in every world on screen. */
  breakAimed(): void {
    if (!this.aim) return;
    const { x, y, z } = this.aim;
    if (y === 0) {
      this.hooks.message('Bedrock at the bottom of the world cannot be broken', 'info');
      return;
    }
    const untouched: string[] = [];
    for (const world of this.worlds) {
      // Another world may have open air or its own sea there: nothing to break.
      if (!isAimTarget(lookup(world, x, y, z), world.store.get(x, y, z))) {
        untouched.push(world.name);
        continue;
      }
      this.applyIn(world, { x, y, z, block: blockLeftByBreaking(x, y, z, (bx, by, bz) => lookup(world, bx, by, bz)) });
    }
    if (untouched.length > 0) this.hooks.message(`Nothing to break there in the ${untouched.join(' and ')} world`, 'info');
  }

  /** Places the selected block against the aimed face (never onto a solid block there), in every world on screen. */
  placeAtAim(): void {
    if (!this.aim) return;
    const world = this.aimWorld;
    const placement = placementFor(this.aim, (x, y, z) => lookup(world, x, y, z));
    if (!placement.ok) {
      this.hooks.message(placement.reason, 'info');
      return;
    }
    const edit = { x: placement.x, y: placement.y, z: placement.z, block: this.selectedBlock };
    const taken: string[] = [];
    for (const other of this.worlds) {
      // Never overwrite a block of another world: its ground may stand higher there.
      if (other !== world && BLOCK_SOLID[lookup(other, edit.x, edit.y, edit.z)]) taken.push(other.name);
      else this.applyIn(other, edit);
    }
    if (taken.length > 0) this.hooks.message(`Placed in the ${world.name} world only: that space is taken in the ${taken.join(' and ')} world`, 'info');
  }

  /** Applies an edit to every world on screen; returns why it was refused, or null. Saved at once. */
  apply(edit: BlockEdit): string | null {
    const problem = validateEdit(edit);
    if (problem) {
      this.hooks.message(`Cannot edit (${edit.x}, ${edit.y}, ${edit.z}): ${problem}`, 'warning');
      return problem;
    }
    for (const world of this.worlds) this.applyIn(world, edit);
    return null;
  }

  /** Forgets every edit of the worlds on screen (in memory and saved); returns the columns to re-mesh, by world key. */
  clearWorldEdits(): Map<string, { cx: number; cz: number }[]> {
    const changed = new Map<string, { cx: number; cz: number }[]>();
    for (const world of this.worlds) {
      const columns = new Map<string, { cx: number; cz: number }>();
      for (const e of world.store.all()) for (const c of affectedColumns(e.x, e.z)) columns.set(`${c.cx},${c.cz}`, c);
      world.store.clear();
      changed.set(world.key, [...columns.values()]);
      this.persistence?.clearWorld(world.key).catch((err: unknown) => this.hooks.message(`Could not clear saved edits: ${String(err)}`, 'error'));
    }
    return changed;
  }

  /** One valid edit in one world: recorded, re-meshed and saved, or forgotten when it restores the generated block. */
  private applyIn(world: EditedWorld, edit: BlockEdit): void {
    const { x, y, z, block } = edit;
    if (lookup(world, x, y, z) === block) return;
    if (world.sampler(x, y, z) === block) {
      // Back to what the world generates there: no longer an edit, so no record is kept.
      this.hooks.columnsChanged(world.store.delete(x, y, z), world.key);
      this.persistRemoval(world.key, edit);
      return;
    }
    this.hooks.columnsChanged(world.store.set(edit), world.key);
    this.persist(world.key, edit);
  }

  private persist(worldKey: string, edit: BlockEdit): void {
    this.persistence?.save(worldKey, edit).catch((err: unknown) => this.saveFailedOnce(err));
  }

  private persistRemoval(worldKey: string, edit: BlockEdit): void {
    this.persistence?.remove(worldKey, edit).catch((err: unknown) => this.saveFailedOnce(err));
  }

  private saveFailedOnce(err: unknown): void {
    if (this.saveFailed) return;
    this.saveFailed = true;
    this.hooks.message(`Edits cannot be saved (${String(err)}); they last until this tab closes`, 'error');
  }
}

function lookup(world: EditedWorld, x: number, y: number, z: number): number {
  return world.store.get(x, y, z) ?? world.sampler(x, y, z);
}
