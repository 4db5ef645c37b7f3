/**
 * A torch's faces read the painted stick: texture coordinates follow a face's position in its
 * cell (the shader's rule, restated here), so a 2-wide stick shows 2 columns of its tile, and
 * a wall torch, raised and against a side, other texels than a standing one. Every texel each
 * face of a torch covers must be painted (opaque), the tops flame, the sides' top rows flame.
 */
import { describe, expect, it } from 'vitest';
import { Block, Facing, Tile, TORCH_WALL } from '../../src/world';
import { CROSS_FACE, meshColumnGreedy, paddedIndex, unpackVertex } from '../../src/mesh';
import { paintAtlas } from '../../scripts/paint-atlas';
import { volumeOf } from './mesh-helpers';

const atlas = paintAtlas();
const texel = (tile: number, u: number, v: number) => {
  const i = (v * atlas.width + tile * 16 + u) * 4;
  return [atlas.rgba[i]!, atlas.rgba[i + 1]!, atlas.rgba[i + 2]!, atlas.rgba[i + 3]!] as const;
};
const wrap = (n: number) => ((n % 16) + 16) % 16;

/** The texture coordinate (u, v), in sixteenths, of a point on a face, as voxel-material.ts derives it. */
function uvOf(face: number, x: number, y: number, z: number): [number, number] {
  if (face === 0) return [-z, -y];
  if (face === 1) return [z, -y];
  if (face === 4) return [x, -y];
  if (face === 5) return [-x, -y];
  return [x, z];
}

interface TorchFace {
  face: number;
  tile: number;
  /** Texels covered, [u, v] within the tile. */
  texels: [number, number][];
  /** The row of the texels nearest the top of the block (side faces). */
  topRow: number;
}

function torchFaces(state: number): TorchFace[] {
  // A torch at (5, 41, 5) on stone below and on all four sides (the one in `state` holds it).
  const cells: [number, number, number, number][] = [[5, 40, 5, Block.Stone], [4, 41, 5, Block.Stone], [6, 41, 5, Block.Stone], [5, 41, 4, Block.Stone], [5, 41, 6, Block.Stone], [5, 41, 5, Block.Torch]];
  const volume = volumeOf(cells);
  volume.states.set(paddedIndex(5, 41, 5), state);
  const mesh = meshColumnGreedy(volume);
  const out: TorchFace[] = [];
  for (let q = 0; q < mesh.vertices.length / 4; q++) {
    const vs = [0, 1, 2, 3].map((c) => unpackVertex(mesh.vertices[q * 4 + c]!, mesh.materials[q * 4 + c]!));
    const face = vs[0]!.face;
    if (face === CROSS_FACE) continue;
    const pos = vs.map((v) => [v.x * 16 + v.fineX, v.y * 16 + v.fineY, v.z * 16 + v.fineZ] as const);
    // Only the torch's quads: the ones inside its cell.
    if (!pos.every(([x, y, z]) => x >= 80 && x <= 96 && y >= 656 && y <= 672 && z >= 80 && z <= 96)) continue;
    if (pos.every(([x, y, z]) => x === 80 || x === 96 || y === 656 || y === 672 || z === 80 || z === 96) && vs[0]!.tile !== Tile.Torch && vs[0]!.tile !== Tile.TorchWall && vs[0]!.tile !== Tile.TorchFlame) continue;
    const uvs = pos.map(([x, y, z]) => uvOf(face, x, y, z));
    const u0 = Math.min(...uvs.map((p) => p[0])), u1 = Math.max(...uvs.map((p) => p[0]));
    const v0 = Math.min(...uvs.map((p) => p[1])), v1 = Math.max(...uvs.map((p) => p[1]));
    const texels: [number, number][] = [];
    for (let u = u0; u < u1; u++) for (let v = v0; v < v1; v++) texels.push([wrap(u), wrap(v)]);
    out.push({ face, tile: vs[0]!.tile, texels, topRow: wrap(v0) });
  }
  return out;
}

describe('torch texels', () => {
  const states = [0, TORCH_WALL | Facing.North, TORCH_WALL | Facing.East, TORCH_WALL | Facing.South, TORCH_WALL | Facing.West];

  it.each(states)('every face of a torch in state %i shows painted texels: flame on top, a stick with a flame tip on the sides', (state) => {
    const faces = torchFaces(state);
    // Standing: four sides and the top (its bottom is on the ground). On a wall: three sides, top and bottom.
    expect(faces.filter((f) => f.face !== 2 && f.face !== 3)).toHaveLength(state ? 3 : 4);
    expect(faces.filter((f) => f.face === 2)).toHaveLength(1);
    expect(faces.filter((f) => f.face === 3)).toHaveLength(state ? 1 : 0);
    for (const f of faces) {
      for (const [u, v] of f.texels) expect(texel(f.tile, u, v)[3], `face ${f.face} texel ${u},${v} of tile ${f.tile}`).toBe(255);
      if (f.face === 2) {
        for (const [u, v] of f.texels) {
          const [r, g, b] = texel(f.tile, u, v);
          expect(r > 220 && g > 160 && b < 200, `flame at ${u},${v}`).toBe(true);
        }
      } else if (f.face !== 3) {
        expect(f.tile).toBe(state ? Tile.TorchWall : Tile.Torch);
        // The stick's top texel row is the bright flame; the stick below it is darker wood.
        const [r, g] = texel(f.tile, f.texels[0]![0], f.topRow);
        expect(r + g).toBeGreaterThan(420);
        const [wr, wg] = texel(f.tile, f.texels[0]![0], f.topRow + 6);
        expect(wr + wg).toBeLessThan(300);
      } else {
        // The bottom of a wall torch is wood, not flame.
        for (const [u, v] of f.texels) expect(texel(f.tile, u, v)[0]).toBeLessThan(180);
      }
    }
  });

  it("the torch tile is clear but for the stick, so its flat icon is a torch", () => {
    for (let v = 0; v < 16; v++) {
      for (let u = 0; u < 16; u++) expect(texel(Tile.Torch, u, v)[3] > 0, `${u},${v}`).toBe((u === 7 || u === 8) && v >= 6);
    }
  });
});
