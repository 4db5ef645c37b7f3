/**
 * The fast mesher: visible faces first (face-mask.ts), then the classic greedy merge
 * (0fps.net, "Meshing in a Minecraft game"): in each slice of each face direction, grow a
 * rectangle of identical keys along u, then along v, emit it as one quad and clear it.
 * Identical keys mean same tile, pass, tint and the same four corner AO and light values, so
 * a merged quad shades exactly like the unit faces it replaces (checked against the culled
 * mesher face by face in test/mesh).
 *
 * Trying both growth orders per slice and keeping the smaller result was measured (on the
 * then-default terrain, scale 384): 0.6% fewer quads for twice the merge time, so the plain
 * u-then-v order stays. What limits merging on hilly terrain is AO, not the growth order:
 * terraces one or two blocks wide give most top faces their own AO pattern, and the
 * same-key regions alone are ~49% of the culled faces (scripts/mesh-stats.ts).
 */
import { COLUMN_SIZE, COLUMN_VOLUME, FACE_COUNT, WORLD_HEIGHT } from '../world';
import { createFaceMask, KEY_AO_SHIFT, KEY_PASS_SHIFT, KEY_TINT_SHIFT, MASK_SLICE_STRIDE } from './face-mask';
import type { ColumnMeshData } from './mesh-data';
import type { PaddedVolume } from './padded-volume';
import { QuadSink } from './quad-sink';
import { emitShapeQuads } from './shape-quads';

// Imports copied to module constants: under bundler and test transforms an imported binding
// is a property read on a module object, which showed up in the hot loops below.
const SIZE = COLUMN_SIZE;
const VOLUME = COLUMN_VOLUME;
const HEIGHT = WORLD_HEIGHT;
const FACES = FACE_COUNT;
const PASS_SHIFT = KEY_PASS_SHIFT;
const AO_SHIFT = KEY_AO_SHIFT;
const TINT_SHIFT = KEY_TINT_SHIFT;
const SLICE_STRIDE = Int32Array.from(MASK_SLICE_STRIDE);

/**
 * A greedy mesher with its own scratch: a face mask, a copy of the volume and per-slice row
 * ranges, about 1.6 MB allocated once when the mesher is created and reused by every call.
 * Calls on one mesher must not overlap (they cannot in one thread); meshers share nothing,
 * so each worker or test may own one.
 */
export interface GreedyMesher {
  /**
   * The column's visible faces merged into as few quads as the greedy rule finds. Leaves the
   * scratch ready for the next call, whatever the volume: nothing carries over.
   */
  mesh(volume: PaddedVolume): ColumnMeshData;
  /**
   * The merge keys of every visible unit face, before merging, as fresh arrays in the
   * face-mask.ts layout (MASK_SLICE_STRIDE): `keys` is 0 where there is no face, `lights`
   * the corner light word. For analysis tools; the scratch is reset afterwards as after mesh().
   */
  faceKeys(volume: PaddedVolume): { keys: Int32Array; lights: Uint32Array };
}

export function createGreedyMesher(): GreedyMesher {
  const faces = createFaceMask();
  const MASK = faces.keys;
  const LIGHTS = faces.lights;
  const LO = faces.rowLo;
  const HI = faces.rowHi;

  /**
   * Greedy merge of slice s of `face`: rows v0..v1 of 16 cells, contiguous in the mask.
   * Consumed cells are cleared, which is what leaves the mask all zero for the next column.
   */
  function mergeSlice(sink: QuadSink, face: number, s: number, v0: number, v1: number): void {
    const mask = MASK;
    const lights = LIGHTS;
    const origin = face * VOLUME + s * SLICE_STRIDE[face]!;
    const axis = face >> 1;
    for (let v = v0; v <= v1; v++) {
      const row = origin + (v << 4);
      for (let u = 0; u < SIZE; ) {
        const start = row + u;
        const key = mask[start]!;
        if (key === 0) {
          u++;
          continue;
        }
        const light = lights[start]!;
        let w = 1;
        while (u + w < SIZE && mask[start + w] === key && lights[start + w] === light) w++;
        let h = 1;
        // Side faces (v = y) stop at a section's top: each quad then lies in one section,
        // which cave-face culling draws or skips as a whole (mesh-data.ts, sectionStarts).
        const vEnd = axis === 1 ? v1 : Math.min(v1, v | 15);
        grow: while (v + h <= vEnd) {
          const next = start + (h << 4);
          for (let d = 0; d < w; d++) if (mask[next + d] !== key || lights[next + d] !== light) break grow;
          h++;
        }
        for (let dv = 0; dv < h; dv++) mask.fill(0, start + (dv << 4), start + (dv << 4) + w);
        // Back from (s, u, v) to the block: ±x faces have u = z, v = y; ±y faces u = x,
        // v = z; ±z faces u = x, v = y (faces.ts).
        const x = axis === 0 ? s : u;
        const y = axis === 1 ? s : v;
        const z = axis === 2 ? s : axis === 0 ? u : v;
        sink.add((key >>> PASS_SHIFT) & 3, face, x, y, z, w, h, (key >>> AO_SHIFT) & 0xff, light, key & 0xff, (key >>> TINT_SHIFT) & 0xff);
        u += w;
      }
    }
  }

  function mesh(volume: PaddedVolume): ColumnMeshData {
    const sink = new QuadSink();
    const top = faces.collect(volume);
    if (top < 0) return sink.finish();
    for (let face = 0; face < FACES; face++) {
      const slices = face === 2 || face === 3 ? top + 1 : SIZE;
      for (let s = 0; s < slices; s++) {
        const r = face * HEIGHT + s;
        const v1 = HI[r]!;
        if (v1 >= 0) mergeSlice(sink, face, s, LO[r]!, v1);
      }
    }
    if (faces.shapedCells.length > 0) emitShapeQuads(sink, volume, faces.shapedCells);
    return sink.finish();
  }

  function faceKeys(volume: PaddedVolume): { keys: Int32Array; lights: Uint32Array } {
    faces.collect(volume);
    const keys = MASK.slice();
    const lights = LIGHTS.slice();
    // Skipping the merge leaves faces behind; clearing it all is simpler than by ranges.
    MASK.fill(0);
    return { keys, lights };
  }

  return { mesh, faceKeys };
}

let defaultMesher: GreedyMesher | undefined;

/**
 * meshColumnGreedy with one mesher shared by every caller in this thread, created on the
 * first call (importing the module allocates nothing).
 */
export function meshColumnGreedy(volume: PaddedVolume): ColumnMeshData {
  defaultMesher ??= createGreedyMesher();
  return defaultMesher.mesh(volume);
}
