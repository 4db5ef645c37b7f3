/**
 * Player edits: blocks that differ from what the terrain generates. Kept per column so a
 * worker request carries only the edits of the column it builds and of the LIGHT_MARGIN
 * blocks around it. Pure data; persistence lives in app/.
 */
import { BLOCK_LIGHT_EMISSION, isValidBlockId } from './blocks';
import { COLUMN_SIZE, columnKey, columnOf, WORLD_HEIGHT } from './coords';
import { distanceToPadded, lightBoxOf, lightChangeReach, type LightSource } from './light-reach';

/**
 * How far beyond its edge a column's mesh reads the world: its skylight spreads 3 blocks
 * (src/mesh/skylight.ts) into the one-block border, so a block up to 4 blocks outside the
 * column can change the column's mesh. The worker generates that margin, and an edit there
 * re-meshes the column.
 */
export const LIGHT_MARGIN = 4;

export interface BlockEdit {
  x: number;
  y: number;
  z: number;
  block: number;
  /**
   * The block's state byte, 0..255 (a slab's half, a stair's facing: meaning per block shape:
   * see src/world/block-shapes.ts). Missing means 0, and generated terrain is always 0, so
   * everything that hands edits on (EditStore, the packings, the tab channel) leaves it out
   * when it is 0: an edit without state looks exactly as it did before states existed.
   */
  state?: number;
}

/** Largest block state: one byte. */
export const MAX_BLOCK_STATE = 255;

/** Why an edit was refused, for the player to read. */
export type EditRejection =
  | 'coordinates must be whole numbers'
  | 'blocks cannot go below the bedrock floor'
  | "blocks cannot go above the world's build height (y 255)"
  | 'unknown block id'
  | 'block state must be a whole number 0..255';

export function validateEdit(edit: BlockEdit): EditRejection | null {
  if (!Number.isInteger(edit.x) || !Number.isInteger(edit.y) || !Number.isInteger(edit.z)) return 'coordinates must be whole numbers';
  if (edit.y < 0) return 'blocks cannot go below the bedrock floor';
  if (edit.y >= WORLD_HEIGHT) return "blocks cannot go above the world's build height (y 255)";
  if (!isValidBlockId(edit.block)) return 'unknown block id';
  if (edit.state !== undefined && !isBlockState(edit.state)) return 'block state must be a whole number 0..255';
  return null;
}

export function isBlockState(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_BLOCK_STATE;
}

/** A copy of `edit` with nothing but its fields, `state` only when it is not 0 (see BlockEdit.state). */
export function cleanEdit(edit: BlockEdit): BlockEdit {
  const { x, y, z, block, state } = edit;
  return state ? { x, y, z, block, state } : { x, y, z, block };
}

export class EditStore {
  /** Column key -> (x, y, z) key -> edit (cleanEdit: a state only when not 0). */
  private readonly columns = new Map<string, Map<string, BlockEdit>>();
  /**
   * The same, for the edits that give off light only (torches, glowstone, lava): every light
   * source in the world, since nothing generated gives off light (light-reach.ts).
   */
  private readonly sources = new Map<string, Map<string, BlockEdit>>();
  private total = 0;

  get size(): number {
    return this.total;
  }

  /**
   * Records an edit and returns the columns whose meshes it may change: its own, the
   * neighbours within LIGHT_MARGIN of it (up to four at a corner), and those the block light
   * it touches reaches.
   */
  set(edit: BlockEdit): { cx: number; cz: number }[] {
    const before = this.put(edit);
    return this.columnsChangedAt(edit.x, edit.y, edit.z, Math.max(BLOCK_LIGHT_EMISSION[edit.block]!, before ? BLOCK_LIGHT_EMISSION[before.block]! : 0));
  }

  /**
   * Records an edit without working out which meshes it changes: for loading a world's edits,
   * where nothing is meshed yet (the columns set() works out cost a walk over the light sources
   * nearby per edit: a lava lake of 20,000 blocks took 18 s to load). Returns the edit that
   * was there, if any.
   */
  put(edit: BlockEdit): BlockEdit | undefined {
    const problem = validateEdit(edit);
    if (problem) throw new RangeError(`edit (${edit.x}, ${edit.y}, ${edit.z}) refused: ${problem}`);
    const key = columnKey(columnOf(edit.x), columnOf(edit.z));
    let column = this.columns.get(key);
    if (!column) {
      column = new Map();
      this.columns.set(key, column);
    }
    const blockKey = `${edit.x},${edit.y},${edit.z}`;
    const before = column.get(blockKey);
    if (!before) this.total++;
    const clean = cleanEdit(edit);
    column.set(blockKey, clean);
    this.indexSource(key, blockKey, clean);
    return before;
  }

  /** Keeps `sources` in step with an edit set at `blockKey` (null: removed). */
  private indexSource(key: string, blockKey: string, edit: BlockEdit | null): void {
    let column = this.sources.get(key);
    if (edit && BLOCK_LIGHT_EMISSION[edit.block]! > 0) {
      if (!column) {
        column = new Map();
        this.sources.set(key, column);
      }
      column.set(blockKey, edit);
    } else if (column?.delete(blockKey) && column.size === 0) {
      this.sources.delete(key);
    }
  }

  /** The light sources in columns cx-1..cx+1 x cz-1..cz+1: all that can light column (cx, cz). */
  lightSourcesAround(cx: number, cz: number): BlockEdit[] {
    const out: BlockEdit[] = [];
    if (this.sources.size === 0) return out;
    for (let dz = -1; dz <= 1; dz++) {
      for (let dx = -1; dx <= 1; dx++) {
        const column = this.sources.get(columnKey(cx + dx, cz + dz));
        if (column) for (const e of column.values()) out.push(e);
      }
    }
    return out;
  }

  /**
   * The columns whose meshes a change at (x, y, z) may change: those within LIGHT_MARGIN
   * (blocks of the border, skylight), and those the block light it touches reaches (a source
   * there, old or new, giving off `level`; or a source whose light passes there).
   */
  private columnsChangedAt(x: number, y: number, z: number, level: number): { cx: number; cz: number }[] {
    const near = affectedColumns(x, z);
    if (this.sources.size === 0 && level === 0) return near;
    const reach = lightChangeReach(x, y, z, level, this.lightSourcesAround(columnOf(x), columnOf(z)));
    if (reach < 0) return near;
    const out = near;
    const seen = new Set(near.map((c) => columnKey(c.cx, c.cz)));
    for (let cz = columnOf(z - reach - 1); cz <= columnOf(z + reach + 1); cz++) {
      for (let cx = columnOf(x - reach - 1); cx <= columnOf(x + reach + 1); cx++) {
        if (seen.has(columnKey(cx, cz)) || distanceToPadded(x, z, cx, cz) > reach) continue;
        out.push({ cx, cz });
      }
    }
    return out;
  }

  /**
   * Forgets the edit at (x, y, z), if any (the block went back to what the world generates
   * there). Returns the columns whose meshes change, or [] when there was no edit.
   */
  delete(x: number, y: number, z: number): { cx: number; cz: number }[] {
    const key = columnKey(columnOf(x), columnOf(z));
    const column = this.columns.get(key);
    const blockKey = `${x},${y},${z}`;
    const before = column?.get(blockKey);
    if (!column || !before) return [];
    column.delete(blockKey);
    this.total--;
    if (column.size === 0) this.columns.delete(key);
    this.indexSource(key, blockKey, null);
    return this.columnsChangedAt(x, y, z, BLOCK_LIGHT_EMISSION[before.block]!);
  }

  get(x: number, y: number, z: number): number | undefined {
    return this.columns.get(columnKey(columnOf(x), columnOf(z)))?.get(`${x},${y},${z}`)?.block;
  }

  /** The state of the edit at (x, y, z); 0 without one (generated blocks have no state). */
  stateAt(x: number, y: number, z: number): number {
    return this.columns.get(columnKey(columnOf(x), columnOf(z)))?.get(`${x},${y},${z}`)?.state ?? 0;
  }

  /**
   * Edits inside column (cx, cz) or within LIGHT_MARGIN blocks of it, and further out within
   * the reach of light sources that light it (light-reach.ts, lightBoxOf): everything its mesh
   * (blocks of the one-block border, skylight, block light) can depend on.
   */
  forPaddedColumn(cx: number, cz: number): BlockEdit[] {
    const out: BlockEdit[] = [];
    // Every column request asks, from the pool's top-ups; most worlds have no edits at all,
    // and nine column keys built as strings per request then cost more than the answer.
    if (this.columns.size === 0) return out;
    const { x0, z0, x1, z1 } = lightBoxOf(cx, cz, LIGHT_MARGIN, this.lightSourcesAround(cx, cz) as LightSource[]);
    for (let dz = -1; dz <= 1; dz++) {
      for (let dx = -1; dx <= 1; dx++) {
        const column = this.columns.get(columnKey(cx + dx, cz + dz));
        if (!column) continue;
        for (const e of column.values()) if (e.x >= x0 && e.x <= x1 && e.z >= z0 && e.z <= z1) out.push(e);
      }
    }
    return out;
  }

  /** Edits inside column (cx, cz) itself: what its saved record holds. */
  inColumn(cx: number, cz: number): BlockEdit[] {
    const column = this.columns.get(columnKey(cx, cz));
    return column ? [...column.values()] : [];
  }

  /**
   * Edits inside the columns [cx0, cx1) x [cz0, cz1). Edited columns are few, so a wide range
   * (a far region spans up to 128 x 128 columns) walks them instead of the range.
   */
  inColumnRange(cx0: number, cz0: number, cx1: number, cz1: number): BlockEdit[] {
    const out: BlockEdit[] = [];
    const take = (column: Map<string, BlockEdit> | undefined) => {
      if (column) for (const e of column.values()) out.push(e);
    };
    if ((cx1 - cx0) * (cz1 - cz0) <= this.columns.size) {
      for (let cz = cz0; cz < cz1; cz++) for (let cx = cx0; cx < cx1; cx++) take(this.columns.get(columnKey(cx, cz)));
      return out;
    }
    for (const column of this.columns.values()) {
      const first = column.values().next().value!;
      const cx = columnOf(first.x);
      const cz = columnOf(first.z);
      if (cx >= cx0 && cx < cx1 && cz >= cz0 && cz < cz1) take(column);
    }
    return out;
  }

  /** Keys ("cx,cz") of the columns that hold edits. */
  columnKeys(): string[] {
    return [...this.columns.keys()];
  }

  all(): BlockEdit[] {
    const out: BlockEdit[] = [];
    for (const column of this.columns.values()) out.push(...column.values());
    return out;
  }

  clear(): void {
    this.columns.clear();
    this.sources.clear();
    this.total = 0;
  }

  /**
   * Loads saved edits, [x, y, z, block] or [x, y, z, block, state] each (serialize). Malformed
   * entries are skipped and counted, never half-applied: saved data is input like any other.
   */
  load(entries: unknown): { loaded: number; skipped: number } {
    let loaded = 0;
    let skipped = 0;
    if (!Array.isArray(entries)) return { loaded, skipped: entries === undefined ? 0 : 1 };
    for (const entry of entries) {
      const shaped = Array.isArray(entry) && (entry.length === 4 || entry.length === 5);
      const edit = shaped ? { x: entry[0], y: entry[1], z: entry[2], block: entry[3], state: entry.length === 5 ? entry[4] : undefined } : null;
      if (!edit || edit.x === undefined || validateEdit(edit as BlockEdit) !== null) {
        skipped++;
        continue;
      }
      this.put(edit as BlockEdit);
      loaded++;
    }
    return { loaded, skipped };
  }

  /**
   * Compact form for storage: [x, y, z, block] per edit, [x, y, z, block, state] when its state
   * is not 0, so stateless edits read as before and cost no more.
   */
  serialize(): ([number, number, number, number] | [number, number, number, number, number])[] {
    return this.all().map((e) => (e.state ? [e.x, e.y, e.z, e.block, e.state] : [e.x, e.y, e.z, e.block]));
  }
}

/**
 * Columns whose mesh may depend on block column (x, z): those within LIGHT_MARGIN of it
 * (its own, and up to three neighbours near a corner). An edit that far off can change a
 * column's light, not only the blocks of its one-block border.
 */
export function affectedColumns(x: number, z: number): { cx: number; cz: number }[] {
  const cx = columnOf(x);
  const cz = columnOf(z);
  const lx = x - cx * COLUMN_SIZE;
  const lz = z - cz * COLUMN_SIZE;
  const dxs = lx < LIGHT_MARGIN ? [0, -1] : lx >= COLUMN_SIZE - LIGHT_MARGIN ? [0, 1] : [0];
  const dzs = lz < LIGHT_MARGIN ? [0, -1] : lz >= COLUMN_SIZE - LIGHT_MARGIN ? [0, 1] : [0];
  const out: { cx: number; cz: number }[] = [];
  for (const dz of dzs) for (const dx of dxs) out.push({ cx: cx + dx, cz: cz + dz });
  return out;
}
