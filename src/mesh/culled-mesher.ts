/**
 * The reference mesher: visits every block of the column, checks its six neighbours and
 * emits one unit quad per visible face, with vertex AO. Deliberately plain (one accessor,
 * no skipping), so the fast greedy mesher can be checked against it face by face.
 */
import { BLOCK_FACE_TILE, BLOCK_SOLID, BLOCK_TRANSLUCENT, COLUMN_SIZE, WORLD_HEIGHT } from '../world';
import { FACE_AXIS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS, faceVisible, vertexAO } from './faces';
import type { ColumnMeshData } from './mesh-data';
import { paddedIndex, type PaddedVolume } from './padded-volume';
import { packCornerAO, QuadSink } from './quad-sink';

/**
 * Block at column-local (x, y, z). Outside the world, above and below, is air: the camera can
 * go under y = 0, and from there the terrain must look closed, so the floor's faces show.
 */
export function blockAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  if (y >= WORLD_HEIGHT || y < 0) return 0;
  return volume.blocks[paddedIndex(x, y, z)]!;
}

/** AO word for the face of block (x, y, z) looking along `face`. */
export function faceAO(volume: PaddedVolume, x: number, y: number, z: number, face: number): number {
  const n = [x, y, z];
  n[FACE_AXIS[face]!]! += FACE_SIGN[face]!;
  const u = FACE_U_AXIS[face]!;
  const v = FACE_V_AXIS[face]!;
  const solid = (du: number, dv: number): number => {
    const p = [n[0]!, n[1]!, n[2]!];
    p[u]! += du;
    p[v]! += dv;
    return BLOCK_SOLID[blockAt(volume, p[0]!, p[1]!, p[2]!)]!;
  };
  const ao = (du: number, dv: number): number => vertexAO(solid(du, 0), solid(0, dv), solid(du, dv));
  return packCornerAO(ao(-1, -1), ao(1, -1), ao(-1, 1), ao(1, 1));
}

/** Every visible unit face of the column, one quad each. */
export function meshColumnCulled(volume: PaddedVolume): ColumnMeshData {
  const sink = new QuadSink();
  for (let y = 0; y < WORLD_HEIGHT; y++) {
    for (let z = 0; z < COLUMN_SIZE; z++) {
      for (let x = 0; x < COLUMN_SIZE; x++) {
        const block = blockAt(volume, x, y, z);
        if (block === 0) continue;
        const translucent = BLOCK_TRANSLUCENT[block] === 1;
        for (let face = 0; face < 6; face++) {
          const n = [x, y, z];
          n[FACE_AXIS[face]!]! += FACE_SIGN[face]!;
          if (!faceVisible(block, blockAt(volume, n[0]!, n[1]!, n[2]!))) continue;
          const aoWord = translucent ? 0xff : faceAO(volume, x, y, z, face);
          sink.add(translucent, face, x, y, z, 1, 1, aoWord, BLOCK_FACE_TILE[block * 6 + face]!);
        }
      }
    }
  }
  return sink.finish();
}
