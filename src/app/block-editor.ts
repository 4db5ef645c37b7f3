/**
 * Breaking and placing blocks. Aims with a voxel raycast against the generated world plus
 * the edits, keeps one EditStore per world, saves each edit the moment it is made, and
 * tells the game which columns need a new mesh.
 */
import {
  affectedColumns,
  Block,
  BLOCK_NAMES,
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

/** Blocks on the number keys 1..9. */
export const PALETTE: readonly number[] = [Block.Stone, Block.Dirt, Block.Grass, Block.Sand, Block.Snow, Block.Gravel, Block.Log, Block.Leaves, Block.Water];

/** How far the player can reach, in blocks: a flying builder works from a distance. */
export const REACH = 48;

export interface BlockEditorHooks {
  /** Columns whose meshes an edit changed. */
  columnsChanged(columns: { cx: number; cz: number }[]): void;
  message(text: string, kind: 'info' | 'warning' | 'error'): void;
}

export class BlockEditor {
  private readonly stores = new Map<string, EditStore>();
  private worldKey = '';
  private store = new EditStore();
  private sampler: BlockSampler = () => 0;
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
    this.worldKey = worldParamsKey(params);
    let store = this.stores.get(this.worldKey);
    if (!store) this.stores.set(this.worldKey, (store = new EditStore()));
    this.store = store;
    this.sampler = createBlockSampler(terrainFor(params));
    this.aim = null;
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

  get editCount(): number {
    return this.store.size;
  }

  get aimed(): RayHit | null {
    return this.aim;
  }

  /** Block at a world position: the player's edit if any, else the generated block. */
  blockAt(x: number, y: number, z: number): number {
    return this.store.get(x, y, z) ?? this.sampler(x, y, z);
  }

  editsFor(cx: number, cz: number): BlockEdit[] {
    return this.store.forPaddedColumn(cx, cz);
  }

  /** Re-aims from the camera (direction normalised); what stops the aim is in edit-rules. */
  updateAim(origin: { x: number; y: number; z: number }, direction: { x: number; y: number; z: number }): RayHit | null {
    this.aim = raycastBlocks((x, y, z) => isAimTarget(this.blockAt(x, y, z), this.store.get(x, y, z)), origin, direction, REACH);
    return this.aim;
  }

  /** Removes the aimed block. */
  breakAimed(): void {
    if (!this.aim) return;
    const { x, y, z } = this.aim;
    if (y === 0) {
      this.hooks.message('Bedrock at the bottom of the world cannot be broken', 'info');
      return;
    }
    this.apply({ x, y, z, block: blockLeftByBreaking(x, y, z, (bx, by, bz) => this.blockAt(bx, by, bz)) });
  }

  /** Places the selected block against the aimed face, never onto a solid block. */
  placeAtAim(): void {
    if (!this.aim) return;
    const placement = placementFor(this.aim, (x, y, z) => this.blockAt(x, y, z));
    if (!placement.ok) {
      this.hooks.message(placement.reason, 'info');
      return;
    }
    this.apply({ x: placement.x, y: placement.y, z: placement.z, block: this.selectedBlock });
  }

  /** Applies an edit; returns why it was refused, or null. Saved at once. */
  apply(edit: BlockEdit): string | null {
    const problem = validateEdit(edit);
    if (problem) {
      this.hooks.message(`Cannot edit (${edit.x}, ${edit.y}, ${edit.z}): ${problem}`, 'warning');
      return problem;
    }
    if (this.blockAt(edit.x, edit.y, edit.z) === edit.block) return null;
    // Back to what the world generates there: no longer an edit, so no record is kept.
    if (this.sampler(edit.x, edit.y, edit.z) === edit.block) {
      this.hooks.columnsChanged(this.store.delete(edit.x, edit.y, edit.z));
      this.persistRemoval(edit);
      return null;
    }
    const columns = this.store.set(edit);
    this.hooks.columnsChanged(columns);
    this.persist(edit);
    return null;
  }

  /** Forgets every edit of the current world (in memory and saved). */
  clearWorldEdits(): { cx: number; cz: number }[] {
    const columns = new Map<string, { cx: number; cz: number }>();
    for (const e of this.store.all()) for (const c of affectedColumns(e.x, e.z)) columns.set(`${c.cx},${c.cz}`, c);
    this.store.clear();
    this.persistence?.clearWorld(this.worldKey).catch((err: unknown) => this.hooks.message(`Could not clear saved edits: ${String(err)}`, 'error'));
    return [...columns.values()];
  }

  private persist(edit: BlockEdit): void {
    this.persistence?.save(this.worldKey, edit).catch((err: unknown) => this.saveFailedOnce(err));
  }

  private persistRemoval(edit: BlockEdit): void {
    this.persistence?.remove(this.worldKey, edit).catch((err: unknown) => this.saveFailedOnce(err));
  }

  private saveFailedOnce(err: unknown): void {
    if (this.saveFailed) return;
    this.saveFailed = true;
    this.hooks.message(`Edits cannot be saved (${String(err)}); they last until this tab closes`, 'error');
  }
}

