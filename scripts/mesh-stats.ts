/**
 * Mesher figures for issue 4, measured side by side in one process:
 *   npx tsx scripts/mesh-stats.ts [--rounds N]
 * Prints quads per column (culled vs greedy, and the AO-exact floor no merge can beat),
 * bytes per column (three.js-style unpacked floats vs our packed vertices), and ms per
 * column for generation and each mesher (medians of paired rounds). Also exports the fixed column set that
 * test/bench/mesh.bench.ts times, so both measure the same columns.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_WORLD_PARAMS, FACE_COUNT, type WorldParams } from '../src/world';
import {
  createGreedyMesher,
  generatePaddedVolume,
  MASK_SLICE_STRIDE,
  meshByteLength,
  meshColumnCulled,
  meshColumnGreedy,
  quadCountOf,
  UNPACKED_BYTES_PER_VERTEX,
  type ColumnMeshData,
  type GreedyMesher,
  type PaddedVolume,
} from '../src/mesh';

/** 16 columns around spawn plus 8 spread far and wide (negative and huge coordinates too). */
export const MESH_BENCH_COLUMNS: readonly (readonly [number, number])[] = [
  ...Array.from({ length: 16 }, (_, i) => [(i & 3) - 2, (i >> 2) - 2] as const),
  [37, -12], [-250, 90], [1000, 1000], [-4096, 777], [5, 300], [-77, -77], [123456, -654321], [12, -900],
];

export function meshBenchVolumes(params: Readonly<WorldParams> = DEFAULT_WORLD_PARAMS): PaddedVolume[] {
  return MESH_BENCH_COLUMNS.map(([cx, cz]) => generatePaddedVolume(params, cx, cz));
}

/** Bytes of a mesh in the usual unpacked layout: float position/normal/uv/AO, uint32 index. */
export function unpackedByteLength(mesh: ColumnMeshData): number {
  return (mesh.vertices.length * UNPACKED_BYTES_PER_VERTEX) + mesh.indices.length * 4;
}

/** Quads and bytes of both meshers, summed over `volumes` (what mesh.bench.ts prints too). */
export interface MeshSizeTotals {
  culledQuads: number;
  greedyQuads: number;
  unpackedCulled: number;
  packedCulled: number;
  unpackedGreedy: number;
  packedGreedy: number;
}

export function meshSizeTotals(volumes: readonly PaddedVolume[]): MeshSizeTotals {
  const t: MeshSizeTotals = { culledQuads: 0, greedyQuads: 0, unpackedCulled: 0, packedCulled: 0, unpackedGreedy: 0, packedGreedy: 0 };
  for (const v of volumes) {
    const c = meshColumnCulled(v);
    const g = meshColumnGreedy(v);
    t.culledQuads += quadCountOf(c);
    t.greedyQuads += quadCountOf(g);
    t.unpackedCulled += unpackedByteLength(c);
    t.packedCulled += meshByteLength(c);
    t.unpackedGreedy += unpackedByteLength(g);
    t.packedGreedy += meshByteLength(g);
  }
  return t;
}

/**
 * Same-key regions of visible faces: 4-connected areas of one face direction and plane with
 * the same tile, pass, tint, AO and light. No AO-exact merge can emit fewer quads than this.
 */
function aoExactFloor(mesher: GreedyMesher, volume: PaddedVolume): number {
  const { keys: mask, lights } = mesher.faceKeys(volume);
  const seen = new Uint8Array(mask.length);
  let regions = 0;
  for (let f = 0; f < FACE_COUNT; f++) {
    // Slice by slice (face-mask.ts layout): cell s * stride + 16 v + u, neighbours u ± 1, v ± 1.
    const stride = MASK_SLICE_STRIDE[f]!;
    const rows = stride >> 4;
    for (let s = 0; s < 65536 / stride; s++) {
      const origin = f * 65536 + s * stride;
      for (let cell = 0; cell < stride; cell++) {
        const key = mask[origin + cell]!;
        if (key === 0 || seen[origin + cell]) continue;
        regions++;
        seen[origin + cell] = 1;
        const stack = [cell];
        while (stack.length > 0) {
          const c = stack.pop()!;
          const u = c & 15;
          const v = c >> 4;
          const next = [u > 0 ? c - 1 : -1, u < 15 ? c + 1 : -1, v > 0 ? c - 16 : -1, v < rows - 1 ? c + 16 : -1];
          for (const n of next) {
            if (n >= 0 && !seen[origin + n] && mask[origin + n] === key && lights[origin + n] === lights[origin + c]) {
              seen[origin + n] = 1;
              stack.push(n);
            }
          }
        }
      }
    }
  }
  return regions;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** ms per call of fn(item) over all items, repeated `repeat` times. */
function msPerItem<T>(items: readonly T[], repeat: number, fn: (item: T) => unknown): number {
  const t0 = performance.now();
  for (let k = 0; k < repeat; k++) for (const item of items) fn(item);
  return (performance.now() - t0) / (items.length * repeat);
}

function main(): void {
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 9) : 9;
  const params = DEFAULT_WORLD_PARAMS;
  const volumes = meshBenchVolumes(params);
  const n = volumes.length;

  const { culledQuads, greedyQuads, unpackedCulled, packedCulled, unpackedGreedy, packedGreedy } = meshSizeTotals(volumes);
  const mesher = createGreedyMesher();
  let floor = 0;
  for (const v of volumes) floor += aoExactFloor(mesher, v);

  // Warm-up, then paired rounds: each round times both meshers back to back and yields one
  // ratio, so a burst of load on this shared machine skews one round, not the median.
  msPerItem(volumes, 3, meshColumnCulled);
  msPerItem(volumes, 30, meshColumnGreedy);
  const culledMs: number[] = [];
  const greedyMs: number[] = [];
  const ratios: number[] = [];
  const genMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const c = msPerItem(volumes, 1, meshColumnCulled);
    const g = msPerItem(volumes, 20, meshColumnGreedy);
    culledMs.push(c);
    greedyMs.push(g);
    ratios.push(c / g);
    genMs.push(msPerItem(MESH_BENCH_COLUMNS, 1, ([cx, cz]) => generatePaddedVolume(params, cx, cz)));
  }

  const round = (x: number, d = 3): number => Number(x.toFixed(d));
  const stats = {
    params: { seed: params.seed, noise: params.noise, scale: params.scale, amplitude: params.amplitude, seaLevel: params.seaLevel },
    columns: n,
    quadsPerColumn: {
      culled: round(culledQuads / n, 1),
      greedy: round(greedyQuads / n, 1),
      greedyOverCulled: round(greedyQuads / culledQuads),
      aoExactFloor: round(floor / n, 1),
      floorOverCulled: round(floor / culledQuads),
    },
    bytesPerColumn: {
      culledUnpacked: Math.round(unpackedCulled / n),
      culledPacked: Math.round(packedCulled / n),
      greedyUnpacked: Math.round(unpackedGreedy / n),
      greedyPacked: Math.round(packedGreedy / n),
      beforeOverAfter: round(unpackedCulled / packedGreedy, 1),
    },
    msPerColumn: {
      generate: round(median(genMs)),
      culledNaive: round(median(culledMs)),
      greedy: round(median(greedyMs), 4),
      naiveOverGreedy: round(median(ratios), 1),
      naiveOverGreedyRange: [round(Math.min(...ratios), 1), round(Math.max(...ratios), 1)],
      rounds,
    },
  };
  console.log(JSON.stringify(stats, null, 2));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
