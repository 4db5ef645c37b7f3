/**
 * The reference mesher: visits every block of the column, checks its six neighbours and
 * emits one unit quad per visible face, with vertex AO, smooth light and tint. Deliberately
 * plain (one accessor, no skipping), so the fast greedy mesher can be checked against it
 * face by face.
 */
import { BLOCK_CUTOUT, BLOCK_FACE_TILE, BLOCK_OPAQUE, BLOCK_SOLID, BLOCK_TINTED, BLOCK_TRANSLUCENT, COLUMN_SIZE, WORLD_HEIGHT } from '../world';
import { cornerLight, FACE_AXIS, OUTSIDE_LIGHT, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS, faceVisible, seeThroughFaceLight, vertexAO } from './faces';
import { passOf, type ColumnMeshData } from './mesh-data';
import { paddedIndex, PADDED_SIZE, type PaddedVolume } from './padded-volume';
import { packCornerAO, packCornerLight, QuadSink } from './quad-sink';

/**
 * Block at column-local (x, y, z). Outside the world, above and below, is air: the camera can
 * go under y = 0, and from there the terrain must look closed, so the floor's faces show.
 */
export function blockAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  if (y >= WORLD_HEIGHT || y < 0) return 0;
  return volume.blocks[paddedIndex(x, y, z)]!;
}

/** Skylight at column-local (x, y, z); OUTSIDE_LIGHT above and below the world. */
export function lightAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  if (y >= WORLD_HEIGHT || y < 0) return OUTSIDE_LIGHT;
  return volume.light[paddedIndex(x, y, z)]!;
}

/** Calls `read(du, dv)` on the cells around the face's outside neighbour, in its plane. */
function aroundFace<T>(x: number, y: number, z: number, face: number, read: (p: number[]) => T): (du: number, dv: number) => T {
  const n = [x, y, z];
  n[FACE_AXIS[face]!]! += FACE_SIGN[face]!;
  const u = FACE_U_AXIS[face]!;
  const v = FACE_V_AXIS[face]!;
  return (du, dv) => {
    const p = [n[0]!, n[1]!, n[2]!];
    p[u]! += du;
    p[v]! += dv;
    return read(p);
  };
}

/** AO word for the face of block (x, y, z) looking along `face`. */
export function faceAO(volume: PaddedVolume, x: number, y: number, z: number, face: number): number {
  const solid = aroundFace(x, y, z, face, (p) => BLOCK_SOLID[blockAt(volume, p[0]!, p[1]!, p[2]!)]!);
  const ao = (du: number, dv: number): number => vertexAO(solid(du, 0), solid(0, dv), solid(du, dv));
  return packCornerAO(ao(-1, -1), ao(1, -1), ao(-1, 1), ao(1, 1));
}

/** Corner light word (packCornerLight) for the face of block (x, y, z) looking along `face`. */
export function faceLight(volume: PaddedVolume, x: number, y: number, z: number, face: number): number {
  const light = aroundFace(x, y, z, face, (p) => lightAt(volume, p[0]!, p[1]!, p[2]!));
  const opaque = aroundFace(x, y, z, face, (p) => BLOCK_OPAQUE[blockAt(volume, p[0]!, p[1]!, p[2]!)]!);
  const corner = (du: number, dv: number): number =>
    cornerLight(light(0, 0), light(du, 0), opaque(du, 0), light(0, dv), opaque(0, dv), light(du, dv), opaque(du, dv));
  return packCornerLight(corner(-1, -1), corner(1, -1), corner(-1, 1), corner(1, 1));
}

/** The tint byte a block's faces carry: its column's climate tint if it is tinted, else 0. */
export function tintAt(volume: PaddedVolume, block: number, x: number, z: number): number {
  return BLOCK_TINTED[block] ? volume.tints[x + 1 + PADDED_SIZE * (z + 1)]! : 0;
}

/** Every visible unit face of the column, one quad each. */
export function meshColumnCulled(volume: PaddedVolume): ColumnMeshData {
  const sink = new QuadSink();
  for (let y = 0; y < WORLD_HEIGHT; y++) {
    for (let z = 0; z < COLUMN_SIZE; z++) {
      for (let x = 0; x < COLUMN_SIZE; x++) {
        const block = blockAt(volume, x, y, z);
        if (block === 0) continue;
        // See-through blocks are shaded flat (faces.ts, seeThroughFaceLight).
        const flat = BLOCK_TRANSLUCENT[block] === 1 || BLOCK_CUTOUT[block] === 1;
        for (let face = 0; face < 6; face++) {
          const n = [x, y, z];
          n[FACE_AXIS[face]!]! += FACE_SIGN[face]!;
          if (!faceVisible(block, blockAt(volume, n[0]!, n[1]!, n[2]!))) continue;
          const aoWord = flat ? 0xff : faceAO(volume, x, y, z, face);
          const lightWord = flat ? seeThroughFaceLight(lightAt(volume, n[0]!, n[1]!, n[2]!)) : faceLight(volume, x, y, z, face);
          sink.add(passOf(block), face, x, y, z, 1, 1, aoWord, lightWord, BLOCK_FACE_TILE[block * 6 + face]!, tintAt(volume, block, x, z));
        }
      }
    }
  }
  return sink.finish();
}
