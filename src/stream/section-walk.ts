/**
 * Cave-face culling's walk (docs/architecture.md §7, "Cave-face culling"), after Minecraft's
 * chunk-section occlusion graph: from the camera's section, a breadth-first walk over the
 * sections of the loaded columns, entering a neighbour only through a face the current
 * section joins to the face it was entered by (src/world/sections.ts), and only away from
 * the camera. Sections never reached hold no face the camera can see, so they need not be
 * drawn.
 *
 * Why nothing visible is lost: a face is seen along a straight line from the eye through
 * see-through cells to the face. That line moves the same way along each axis all along, so
 * each section it crosses is further from the camera's section on the axis of the face it
 * entered by ("away"); inside a section it runs from its entry face to its exit face through
 * see-through cells, so the section's graph joins the two. That list of sections is one of
 * the walk's paths. The walk keeps a set of entry faces per section (up to six visits), not
 * one, so no order of visits can hide a path. Assumed by the caller: the eye is in a
 * see-through cell, with none of the cells its near plane reaches opaque, and inside the
 * world's height or above it (the layer above the world is open air here).
 *
 * Columns with no graph (not loaded, or meshed without one) are taken as open in every
 * direction, so culling never trusts what it does not know. The walk covers the rectangle
 * of the known columns and the camera's: a path away from the camera that leaves a rectangle
 * holding the camera never comes back into it.
 */
import { ALL_FACE_PAIRS, facePairBit, SECTION_SIZE, SECTIONS_PER_COLUMN } from '../world';

/** Past this many columns on a side the walk is not run and everything is drawn (a stale, far-flung set). */
export const MAX_WALK_SIDE = 192;
/** span() of a column whose every section may be seen: 0..SECTIONS_PER_COLUMN - 1. */
export const FULL_SPAN = (SECTIONS_PER_COLUMN - 1) << 8;
/** span() of a column none of whose sections is reached. */
export const NO_SPAN = -1;
/**
 * Columns that may arrive before a walk is due. A new column needs none: it is drawn whole
 * until the next, and the last walk took it for open every way, which reaches more than it
 * really lets through. So while columns stream in, walks come every few arrivals, not every
 * frame. A replaced or removed column may open a way, so it makes the next update walk.
 */
export const ARRIVALS_PER_WALK = 16;

/**
 * PAIR[a * 6 + b]: the graph bit of face pair {a, b} (0 when a = b); entries 36..41 (the
 * eye's section, entered by no face) are every bit, so it is left by every face.
 */
const PAIR = Uint16Array.from({ length: 42 }, (_, i) => (i >= 36 ? ALL_FACE_PAIRS : i % 6 === Math.floor(i / 6) ? 0 : facePairBit(Math.floor(i / 6), i % 6)));

interface KnownColumn {
  cx: number;
  cz: number;
  graphs: Uint16Array;
  /** Its highest section holding a block (-1: none). */
  top: number;
}

export class SectionWalk {
  private readonly columns = new Map<string, KnownColumn>();
  private dirty = true;
  private arrivals = 0;
  private camX = NaN;
  private camY = NaN;
  private camZ = NaN;
  /** The box walked: its corner column, its size in columns and its layers of sections; w = 0 when not walked. */
  private x0 = 0;
  private z0 = 0;
  private w = 0;
  private d = 0;
  private layers = 0;
  /** Per section of the box, (iz * w + ix) * layers + sy: the entry faces reached (bit 6: the eye's own). */
  private entered = new Uint8Array(0);
  private graphs = new Uint16Array(0);
  private queue = new Int32Array(0);
  /** Walks done (tests check when it walks). */
  walks = 0;

  /**
   * Column (cx, cz)'s section graphs (bottom first) and its highest section holding a block
   * (-1 for none), replacing any it had.
   */
  set(cx: number, cz: number, graphs: Uint16Array, top = SECTIONS_PER_COLUMN - 1): void {
    const key = `${cx},${cz}`;
    if (this.columns.has(key)) this.dirty = true;
    else this.arrivals++;
    this.columns.set(key, { cx, cz, graphs, top });
  }

  remove(cx: number, cz: number): void {
    if (this.columns.delete(`${cx},${cz}`)) this.dirty = true;
  }

  clear(): void {
    this.columns.clear();
    this.dirty = true;
  }

  /**
   * Walks from the eye at (x, y, z) (y >= 0) when its section changed, a column was replaced
   * or removed, or enough arrived since the last walk. Returns whether it walked (then every
   * span may have changed).
   */
  update(x: number, y: number, z: number): boolean {
    const sx = Math.floor(x / SECTION_SIZE);
    const sy = Math.min(SECTIONS_PER_COLUMN, Math.max(0, Math.floor(y / SECTION_SIZE)));
    const sz = Math.floor(z / SECTION_SIZE);
    const moved = sx !== this.camX || sy !== this.camY || sz !== this.camZ;
    if (!this.dirty && !moved && this.arrivals < ARRIVALS_PER_WALK) return false;
    this.dirty = false;
    this.arrivals = 0;
    this.camX = sx;
    this.camY = sy;
    this.camZ = sz;
    this.walk(sx, sy, sz);
    this.walks++;
    return true;
  }

  /**
   * The sections of column (cx, cz) the last walk reached, as one run lo..hi that holds them
   * all (lo | hi << 8), NO_SPAN when none, FULL_SPAN where no walk covered it.
   */
  span(cx: number, cz: number): number {
    const ix = cx - this.x0;
    const iz = cz - this.z0;
    if (this.w === 0 || ix < 0 || iz < 0 || ix >= this.w || iz >= this.d) return FULL_SPAN;
    const layers = Math.min(this.layers, SECTIONS_PER_COLUMN);
    const base = (iz * this.w + ix) * this.layers;
    const entered = this.entered;
    let lo = 0;
    while (lo < layers && entered[base + lo] === 0) lo++;
    if (lo === layers) return NO_SPAN;
    let hi = layers - 1;
    while (entered[base + hi] === 0) hi--;
    return lo | (hi << 8);
  }

  /** Whether section sy of column (cx, cz) was reached by the last walk (true where none covered it). */
  reached(cx: number, sy: number, cz: number): boolean {
    const ix = cx - this.x0;
    const iz = cz - this.z0;
    if (this.w === 0 || ix < 0 || iz < 0 || ix >= this.w || iz >= this.d) return true;
    return sy < this.layers && this.entered[(iz * this.w + ix) * this.layers + sy] !== 0;
  }

  private walk(cx: number, eyeLayer: number, cz: number): void {
    let minX = cx, maxX = cx, minZ = cz, maxZ = cz;
    let top = -1;
    for (const c of this.columns.values()) {
      if (c.cx < minX) minX = c.cx;
      if (c.cx > maxX) maxX = c.cx;
      if (c.cz < minZ) minZ = c.cz;
      if (c.cz > maxZ) maxZ = c.cz;
      if (c.top > top) top = c.top;
    }
    const w = maxX - minX + 1;
    const d = maxZ - minZ + 1;
    if (w > MAX_WALK_SIDE || d > MAX_WALK_SIDE) {
      this.w = 0;
      return;
    }
    // Layers up to the highest block of any column, and one of open air above: a line of sight
    // from higher up crosses that air layer too, so an eye above it is walked from it (all
    // air, open every way: it reaches all that the higher eye would).
    const layers = Math.min(top + 1, SECTIONS_PER_COLUMN) + 1;
    const cy = Math.min(eyeLayer, layers - 1);
    this.x0 = minX;
    this.z0 = minZ;
    this.w = w;
    this.d = d;
    this.layers = layers;
    const n = w * d * layers;
    if (this.entered.length < n) {
      this.entered = new Uint8Array(n);
      this.graphs = new Uint16Array(n);
      this.queue = new Int32Array(6 * n);
    }
    const entered = this.entered;
    const graphs = this.graphs;
    entered.fill(0, 0, n);
    graphs.fill(ALL_FACE_PAIRS, 0, n);
    // The air layer (and anything above a column's top) stays open every way.
    for (const c of this.columns.values()) graphs.set(c.graphs.subarray(0, layers - 1), ((c.cz - minZ) * w + (c.cx - minX)) * layers);

    // Queue items pack a state: ix | iz << 8 | sy << 16 | entry face << 21 (w, d <= 192).
    // Unrolled per face: this runs for every (section, entry face) reached, a few hundred
    // thousand at R = 32, on the main thread.
    const camIx = cx - minX;
    const camIz = cz - minZ;
    const zStride = w * layers;
    const queue = this.queue;
    let tail = 0;
    const start = (camIz * w + camIx) * layers + cy;
    entered[start] = 1 << 6;
    // The eye's own section is left by every face (its region holding the eye is not known).
    let item = camIx | (camIz << 8) | (cy << 16) | (6 << 21);
    let head = -1;
    for (;;) {
      const ix = item & 0xff;
      const iz = (item >> 8) & 0xff;
      const sy = (item >> 16) & 0x1f;
      const entry = item >>> 21;
      const i = (iz * w + ix) * layers + sy;
      // The start leaves by every face; any other section by the faces its graph joins to its entry.
      const graph = entry === 6 ? ALL_FACE_PAIRS : graphs[i]!;
      const p = entry === 6 ? 36 : entry * 6;
      if (graph !== 0) {
        // Each: the face joined to the entry, the neighbour inside the rectangle and further from
        // the eye than this section on that axis, and not yet entered by that face.
        if (graph & PAIR[p]! && ix + 1 < w && ix >= camIx && !(entered[i + layers]! & 2)) {
          entered[i + layers] = entered[i + layers]! | 2;
          queue[tail++] = (ix + 1) | (iz << 8) | (sy << 16) | (1 << 21);
        }
        if (graph & PAIR[p + 1]! && ix > 0 && ix <= camIx && !(entered[i - layers]! & 1)) {
          entered[i - layers] = entered[i - layers]! | 1;
          queue[tail++] = (ix - 1) | (iz << 8) | (sy << 16) | (0 << 21);
        }
        if (graph & PAIR[p + 2]! && sy + 1 < layers && sy >= cy && !(entered[i + 1]! & 8)) {
          entered[i + 1] = entered[i + 1]! | 8;
          queue[tail++] = ix | (iz << 8) | ((sy + 1) << 16) | (3 << 21);
        }
        if (graph & PAIR[p + 3]! && sy > 0 && sy <= cy && !(entered[i - 1]! & 4)) {
          entered[i - 1] = entered[i - 1]! | 4;
          queue[tail++] = ix | (iz << 8) | ((sy - 1) << 16) | (2 << 21);
        }
        if (graph & PAIR[p + 4]! && iz + 1 < d && iz >= camIz && !(entered[i + zStride]! & 32)) {
          entered[i + zStride] = entered[i + zStride]! | 32;
          queue[tail++] = ix | ((iz + 1) << 8) | (sy << 16) | (5 << 21);
        }
        if (graph & PAIR[p + 5]! && iz > 0 && iz <= camIz && !(entered[i - zStride]! & 16)) {
          entered[i - zStride] = entered[i - zStride]! | 16;
          queue[tail++] = ix | ((iz - 1) << 8) | (sy << 16) | (4 << 21);
        }
      }
      if (++head >= tail) break;
      item = queue[head]!;
    }
  }
}
