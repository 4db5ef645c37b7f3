/**
 * Cave-face culling for one layer of columns (docs/architecture.md §7, "Cave-face culling"): each frame, before
 * drawing, the section walk (src/stream/section-walk.ts) from the eye says which sections of
 * each column can be seen; each pass of a column is then drawn from its lowest such section
 * to its highest (the mesh orders each pass's quads by section, src/mesh/mesh-data.ts), so
 * the caves under a landscape seen from above are not drawn, and underground the surface
 * and the caves not connected to the one the eye is in are not either.
 *
 * One run per column, not a range per section: a column's reached sections are nearly always
 * one run (the surface and what is above it, or a cave's), and one run keeps a column one
 * multi-draw entry per pass. The walk and the windows change only when the eye changes
 * section or a column arrives or leaves, inside the frame that draws it, so no frame shows a
 * column drawn with another frame's sections.
 */
import { FULL_SPAN, NO_SPAN, SectionWalk } from '../stream/section-walk';
import { columnKey } from '../world/coords';
import { SECTIONS_PER_COLUMN } from '../world/sections';
import type { BatchedLayer } from './batched-layer';

/** The passes a column mesh has (opaque, cut-out, water), in ColumnMeshData's order. */
const PASSES = 3;
const ROW = SECTIONS_PER_COLUMN + 1;
const TOP = SECTIONS_PER_COLUMN - 1;

interface SectionedColumn {
  key: string;
  cx: number;
  cz: number;
  /** ColumnMeshData.sectionStarts. */
  starts: Uint32Array;
  /** The sections drawn now (SectionWalk.span). */
  span: number;
}

export class SectionCulling {
  readonly walk = new SectionWalk();
  private readonly columns = new Map<string, SectionedColumn>();
  /** Whether the windows follow the walk (else every column is drawn whole). */
  private active = false;

  constructor(private readonly layer: BatchedLayer) {}

  /** Column (cx, cz) was set in the layer with a mesh carrying these (or none: never culled). */
  set(cx: number, cz: number, starts: Uint32Array | undefined, graphs: Uint16Array | undefined): void {
    const key = columnKey(cx, cz);
    if (starts && graphs) {
      this.walk.set(cx, cz, graphs, topSection(starts));
      // The layer draws a new mesh whole.
      this.columns.set(key, { key, cx, cz, starts, span: FULL_SPAN });
    } else {
      this.walk.remove(cx, cz);
      this.columns.delete(key);
    }
  }

  remove(cx: number, cz: number): void {
    this.walk.remove(cx, cz);
    this.columns.delete(columnKey(cx, cz));
  }

  clear(): void {
    this.walk.clear();
    this.columns.clear();
  }

  /**
   * Draws, of each column, what the walk from the eye reaches (`on`), or everything (`on`
   * false: the eye may be where the walk's argument does not hold, eye-cells.ts).
   */
  update(eye: { x: number; y: number; z: number }, on: boolean): void {
    if (!on) {
      if (this.active) for (const c of this.columns.values()) this.show(c, FULL_SPAN);
      this.active = false;
      return;
    }
    const walked = this.walk.update(eye.x, eye.y, eye.z);
    if (!walked && this.active) return;
    this.active = true;
    for (const c of this.columns.values()) this.show(c, this.walk.span(c.cx, c.cz));
  }

  private show(c: SectionedColumn, span: number): void {
    if (c.span === span) return;
    c.span = span;
    const lo = span & 0xff;
    const hi = span >> 8;
    for (let p = 0; p < PASSES; p++) {
      const row = p * ROW;
      const passStart = c.starts[row]!;
      if (span === NO_SPAN) {
        this.layer.setPassWindow(c.key, p, 0, 0);
        continue;
      }
      // Sections are stored top first (mesh-data.ts): hi's quads come first, lo's last.
      const first = c.starts[row + TOP - hi]!;
      this.layer.setPassWindow(c.key, p, 6 * (first - passStart), 6 * (c.starts[row + TOP - lo + 1]! - first));
    }
  }
}

/** The highest section holding a quad of any pass (-1 for an empty mesh): nothing above it needs walking. */
function topSection(starts: Uint32Array): number {
  for (let k = 0; k < SECTIONS_PER_COLUMN; k++) {
    for (let p = 0; p < PASSES; p++) if (starts[p * ROW + k + 1]! > starts[p * ROW + k]!) return TOP - k;
  }
  return -1;
}
