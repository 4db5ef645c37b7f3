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
 *
 * Every change goes into an undo history, one entry per player action (a click that edits
 * two worlds is one entry). Undo and redo are edits like any other: saved, re-meshed, kept.
 * The editor holds no storage itself: the caller hands it each world's EditStore and is told,
 * through `stored`, which column of which world to write.
 */
import {
  aimBoxes,
  boundsOf,
  BLOCK_NAMES,
  BLOCK_COLLIDES,
  BLOCK_PARTIAL,
  BLOCK_SHAPE,
  cellsBrokenWith,
  doorToggleEdits,
  placementEdits,
  placementStateAt,
  Shape,
  blockLeftByBreaking,
  cleanEdit,
  isAimTarget,
  placementFor,
  createBlockSampler,
  EditStore,
  raycastBlocks,
  terrainFor,
  validateEdit,
  validState,
  worldParamsKey,
  type BlockEdit,
  type BlockSampler,
  type RayHit,
  type Vec3,
  type WorldParams,
} from '../../world';
import { DEFAULT_HOTBAR, EditHistory, type EditChange } from '../../storage';
import { NOISE_LABELS } from '../frame/hud-data';
import { HotbarSlots } from './hotbar-slots';

/** How far the player can reach, in blocks: a flying builder works from a distance. */
export const REACH = 48;

export interface BlockEditorHooks {
  /** A block at (at.x, at.z) of world `worldKey` changed; `columns` are the meshes it may change. */
  columnsChanged(columns: { cx: number; cz: number }[], worldKey: string, at: { x: number; z: number }): void;
  message(text: string, kind: 'info' | 'warning' | 'error'): void;
  /** A block of world `worldKey` changed (to `edit.block`, with `edit.state`): the column holding it must be saved. */
  stored(worldKey: string, edit: BlockEdit): void;
  /** True when a solid block at this cell would overlap the player's body: such placements are refused. */
  occupiedByPlayer?(x: number, y: number, z: number): boolean;
  /** Why the player may not edit at all now (a shared world's read-only copy), or null. */
  refusal?(): string | null;
}

/** A world to put on screen: what makes it, and the edits it has (loaded by the caller). */
export interface EditorWorld {
  params: WorldParams;
  store: EditStore;
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
  /** The worlds on screen; the first is the primary one (edit count, default lookups). */
  private worlds: EditedWorld[] = [{ key: '', name: '', store: new EditStore(), sampler: () => 0 }];
  /** The world the aim is taken in. */
  private aimWorld: EditedWorld = this.worlds[0]!;
  private aim: RayHit | null = null;
  /** Where the last aim looked: stairs and doors face that way when placed. */
  private readonly aimDirection: Vec3 = { x: 0, y: -1, z: 0 };
  /** The nine blocks the player builds with, and which one is in hand. */
  readonly hotbar = new HotbarSlots(DEFAULT_HOTBAR);
  /** The undo history of the primary world; a new primary world starts a new one. */
  private history = new EditHistory();
  /** Changes of the action under way, recorded as one history entry when it ends. */
  private pending: EditChange[] | null = null;

  constructor(private readonly hooks: BlockEditorHooks) {}

  /** Switches to one world (seed, noise or shape) with its edits. */
  setWorld(world: EditorWorld): void {
    this.setWorlds([world]);
  }

  /**
   * The worlds on screen, primary first; every edit from now on goes to all of them. The
   * undo history follows the primary world: it is kept while that world stays on screen.
   */
  setWorlds(list: readonly EditorWorld[]): void {
    if (list.length === 0) throw new RangeError('setWorlds: at least one world');
    const previous = new Map(this.worlds.map((w) => [w.key, w]));
    const primaryKey = this.worlds[0]!.key;
    this.worlds = list.map(({ params, store }) => {
      const key = worldParamsKey(params);
      const kept = previous.get(key);
      if (kept && kept.store === store) return kept;
      return { key, name: NOISE_LABELS[params.noise], store, sampler: createBlockSampler(terrainFor(params)) };
    });
    if (this.worlds[0]!.key !== primaryKey || previous.get(primaryKey)?.store !== this.worlds[0]!.store) this.history = new EditHistory();
    this.aimWorld = this.worlds.find((w) => w.key === this.aimWorld.key) ?? this.worlds[0]!;
    this.aim = null;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /**
   * Takes back the last action (in every world it changed that is still on screen); false when
   * there is none, or when it would put a block inside the player (refused, as placing is).
   */
  undo(): boolean {
    return this.replay(this.history.peekUndo(), () => this.history.undo(), 'Nothing to undo', 'undo');
  }

  /** Does again the last action taken back; false when there is none or it would put a block inside the player. */
  redo(): boolean {
    return this.replay(this.history.peekRedo(), () => this.history.redo(), 'Nothing to redo', 'redo');
  }

  private replay(changes: readonly EditChange[] | null, take: () => unknown, nothing: string, verb: string): boolean {
    if (!changes) {
      this.hooks.message(nothing, 'info');
      return false;
    }
    const refusal = this.hooks.refusal?.() ?? null;
    if (refusal !== null) return (this.hooks.message(refusal, 'info'), false);
    // Checked before anything changes, so a refused step stays in the history for later.
    // Only changes to worlds still on screen count: the others are skipped below.
    const onScreen = changes.filter((c) => this.worlds.some((w) => w.key === c.world));
    if (onScreen.some((c) => BLOCK_COLLIDES[c.after] && this.hooks.occupiedByPlayer?.(c.x, c.y, c.z))) {
      this.hooks.message(`Step aside first: this ${verb} would put a block where you stand`, 'info');
      return false;
    }
    take();
    for (const c of changes) {
      const world = this.worlds.find((w) => w.key === c.world);
      if (world) this.applyIn(world, { x: c.x, y: c.y, z: c.z, block: c.after, state: c.afterState });
    }
    return true;
  }

  /**
   * Edits made elsewhere (another tab, which saved them; later a server): applied to the
   * world's memory and meshes through the same step as the player's own edits, but neither
   * saved again nor put in this tab's undo history.
   */
  applySaved(worldKey: string, edits: readonly BlockEdit[]): void {
    const world = this.worlds.find((w) => w.key === worldKey);
    if (!world) return;
    for (const e of edits) if (validateEdit(e) === null) this.write(world, e);
  }

  /** Runs one player action: its changes become one history entry. Refused (said why), nothing changes. */
  private action(run: () => void): void {
    const refusal = this.hooks.refusal?.() ?? null;
    if (refusal !== null) return this.hooks.message(refusal, 'info');
    this.pending = [];
    try {
      run();
      this.history.record(this.pending);
    } finally {
      this.pending = null;
    }
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
    return this.hotbar.selectedBlock;
  }

  get selectedName(): string {
    return BLOCK_NAMES[this.selectedBlock]!;
  }

  /** Hotbar slot of the selected block, 0..8. */
  get selectedSlot(): number {
    return this.hotbar.selected;
  }

  selectSlot(slot: number): void {
    this.hotbar.select(slot);
  }

  /** The block the player aims at (what a middle click picks), or null. */
  aimedBlock(): number | null {
    const aim = this.aim;
    return aim ? this.blockAt(aim.x, aim.y, aim.z, this.aimWorld.key) : null;
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

  /** The block state at a world position in a world on screen: its edit's, else 0 (generated blocks have none). */
  stateAt(x: number, y: number, z: number, worldKey?: string): number {
    return this.worldOf(worldKey).store.stateAt(x, y, z);
  }

  /**
   * Edits of a column and its border in the world with this key (the primary world without
   * one). A world not on screen has none here: its requests must never get another world's.
   */
  editsFor(cx: number, cz: number, worldKey?: string): BlockEdit[] {
    const world = worldKey === undefined ? this.primary : this.worlds.find((w) => w.key === worldKey);
    return world ? world.store.forPaddedColumn(cx, cz) : [];
  }

  /** Edits inside the columns [cx0, cx1) x [cz0, cz1) of the world with this key: what a far LOD region may show. */
  editsInColumns(cx0: number, cz0: number, cx1: number, cz1: number, worldKey?: string): BlockEdit[] {
    const world = worldKey === undefined ? this.primary : this.worlds.find((w) => w.key === worldKey);
    return world ? world.store.inColumnRange(cx0, cz0, cx1, cz1) : [];
  }

  /** Re-aims from the camera (direction normalised); what stops the aim is in edit-rules. */
  updateAim(origin: Vec3, direction: Vec3): RayHit | null {
    const world = this.aimWorld;
    this.aim = raycastBlocks(
      (x, y, z) => isAimTarget(lookup(world, x, y, z), world.store.get(x, y, z)),
      origin,
      direction,
      REACH,
      // Shapes are aimed at by their boxes: over a slab, the aim goes on to what is behind it.
      (x, y, z) => aimBoxes(lookup(world, x, y, z), world.store.stateAt(x, y, z)),
    );
    const aim = this.aim;
    const boxes = aim ? aimBoxes(lookup(world, aim.x, aim.y, aim.z), world.store.stateAt(aim.x, aim.y, aim.z)) : null;
    if (aim && boxes) aim.bounds = boundsOf(boxes);
    this.aimDirection.x = direction.x;
    this.aimDirection.y = direction.y;
    this.aimDirection.z = direction.z;
    return this.aim;
  }

  /** Removes the aimed block (a whole door, from either half), in every world on screen. */
  breakAimed(): void {
    if (!this.aim) return;
    const { x, y, z } = this.aim;
    if (y === 0) {
      this.hooks.message('Bedrock at the bottom of the world cannot be broken', 'info');
      return;
    }
    const untouched: string[] = [];
    this.action(() => {
    for (const world of this.worlds) {
      const blockAt = (bx: number, by: number, bz: number) => lookup(world, bx, by, bz);
      // Another world may have open air or its own sea there: nothing to break.
      if (!isAimTarget(blockAt(x, y, z), world.store.get(x, y, z))) {
        untouched.push(world.name);
        continue;
      }
      // By each world's own blocks: a door here may be a stone in the other world.
      for (const c of cellsBrokenWith(x, y, z, blockAt, (bx, by, bz) => world.store.stateAt(bx, by, bz))) {
        this.applyIn(world, { ...c, block: blockLeftByBreaking(c.x, c.y, c.z, blockAt) });
      }
    }
    });
    if (untouched.length > 0) this.hooks.message(`Nothing to break there in the ${untouched.join(' and ')} world`, 'info');
  }

  /**
   * Right click: opens or closes an aimed door; otherwise places the selected block against
   * the aimed face, in the state how it was placed gives it (placement-state.ts), never onto a
   * solid block there, in every world on screen. Returns what was placed in the world aimed in
   * (`instant`: a whole cube, drawn at once before its column's mesh comes), or null when
   * nothing was (a door opened or closed, a refusal).
   */
  placeAtAim(): { placed: BlockEdit; instant: boolean } | null {
    if (!this.aim) return null;
    const world = this.aimWorld;
    const blockAt = (x: number, y: number, z: number) => lookup(world, x, y, z);
    if (BLOCK_SHAPE[blockAt(this.aim.x, this.aim.y, this.aim.z)] === Shape.Door) {
      // A door was placed in every world on screen: it opens in each that has it there.
      const { x, y, z } = this.aim;
      this.action(() => {
        for (const other of this.worlds) {
          const otherAt = (bx: number, by: number, bz: number) => lookup(other, bx, by, bz);
          if (BLOCK_SHAPE[otherAt(x, y, z)] !== Shape.Door) continue;
          for (const e of doorToggleEdits(x, y, z, otherAt, (bx, by, bz) => other.store.stateAt(bx, by, bz))) this.applyIn(other, e);
        }
      });
      return null;
    }
    const placement = placementFor(this.aim, blockAt);
    if (!placement.ok) {
      this.hooks.message(placement.reason, 'info');
      return null;
    }
    const block = this.selectedBlock;
    const state = placementStateAt(block, this.aim, placement, this.aimDirection, blockAt, (x, y, z) => world.store.stateAt(x, y, z));
    if (typeof state === 'string') {
      this.hooks.message(state, 'info');
      return null;
    }
    const edits = placementEdits(block, state, placement.x, placement.y, placement.z, blockAt);
    if (typeof edits === 'string') {
      this.hooks.message(edits, 'info');
      return null;
    }
    // Checked before anything changes: a half refused after the other was stored would be a
    // door half left behind, outside the history.
    const refused = edits.map(validateEdit).find((problem) => problem !== null);
    if (refused) {
      this.hooks.message(`Cannot place there: ${refused}`, 'info');
      return null;
    }
    if (BLOCK_COLLIDES[block] && edits.some((e) => this.hooks.occupiedByPlayer?.(e.x, e.y, e.z))) {
      this.hooks.message('You are standing there: a block cannot go where it would overlap you', 'info');
      return null;
    }
    const taken: string[] = [];
    const aim = this.aim;
    this.action(() => {
      for (const other of this.worlds) {
        // Never overwrite a block of another world (its ground may stand higher there), nor
        // place what that world's blocks refuse (a torch over its water, with nothing to hang on).
        const otherAt = (x: number, y: number, z: number) => lookup(other, x, y, z);
        const refusedThere = other !== world && placementStateAt(block, aim, placement, this.aimDirection, otherAt, (x, y, z) => other.store.stateAt(x, y, z)) !== state;
        if (other !== world && (refusedThere || edits.some((e) => BLOCK_COLLIDES[otherAt(e.x, e.y, e.z)]))) taken.push(other.name);
        else for (const e of edits) this.applyIn(other, e);
      }
    });
    if (taken.length > 0) this.hooks.message(`Placed in the ${world.name} world only: that space is taken in the ${taken.join(' and ')} world`, 'info');
    // Partial blocks and turned logs are not the plain cube the instant preview draws.
    const edit = edits[0]!;
    if (lookup(world, edit.x, edit.y, edit.z) !== edit.block) return null;
    return { placed: edit, instant: edits.length === 1 && !BLOCK_PARTIAL[block] && !edit.state };
  }

  /** Applies an edit to every world on screen; returns why it was refused, or null. Saved at once. */
  apply(edit: BlockEdit): string | null {
    // Stored bytes may carry bits a newer build means something by; the player's own edits
    // (and the test API) may only use the states a block has.
    const problem = validateEdit(edit) ?? (validState(edit.block, edit.state ?? 0) ? null : 'that block has no such state') ?? this.hooks.refusal?.() ?? null;
    if (problem) {
      this.hooks.message(`Cannot edit (${edit.x}, ${edit.y}, ${edit.z}): ${problem}`, 'warning');
      return problem;
    }
    this.action(() => {
      for (const world of this.worlds) this.applyIn(world, edit);
    });
    return null;
  }

  /**
   * Forgets every edit of the worlds on screen, as one action the player can undo. Returns
   * how many edits were removed.
   */
  clearWorldEdits(): number {
    let removed = 0;
    this.action(() => {
      for (const world of this.worlds) {
        for (const e of world.store.all()) {
          removed++;
          this.applyIn(world, { x: e.x, y: e.y, z: e.z, block: world.sampler(e.x, e.y, e.z) });
        }
      }
    });
    return removed;
  }

  /** One valid edit of the player's in one world: recorded in the action's history entry, written, saved. */
  private applyIn(world: EditedWorld, edit: BlockEdit): void {
    const before = this.write(world, edit);
    if (before === null) return;
    const { x, y, z, block } = edit;
    this.pending?.push({ world: world.key, x, y, z, before: before.block, after: block, beforeState: before.state, afterState: edit.state ?? 0 });
    this.hooks.stored(world.key, cleanEdit(edit));
  }

  /**
   * The one step every edit takes into a world's memory, whoever made it: stored, or forgotten
   * when it restores the generated block (no longer an edit; generated blocks have state 0),
   * and the meshes it touches rebuilt. Returns the block and state that were there, or null
   * when nothing changed (the same block in the same state).
   */
  private write(world: EditedWorld, edit: BlockEdit): { block: number; state: number } | null {
    const { x, y, z, block } = edit;
    const state = edit.state ?? 0;
    const before = { block: lookup(world, x, y, z), state: world.store.stateAt(x, y, z) };
    if (before.block === block && before.state === state) return null;
    const columns = world.sampler(x, y, z) === block && state === 0 ? world.store.delete(x, y, z) : world.store.set(edit);
    this.hooks.columnsChanged(columns, world.key, edit);
    return before;
  }
}

function lookup(world: EditedWorld, x: number, y: number, z: number): number {
  return world.store.get(x, y, z) ?? world.sampler(x, y, z);
}
