/**
 * The reference mesher: visits every block of the column, checks its six neighbours and
 * emits one unit quad per visible face, with vertex AO, smooth light and tint. Deliberately
 * plain (one accessor, no skipping), so the fast greedy mesher can be checked against it
 * face by face.
 */
import { BLOCK_CUTOUT, BLOCK_FACE_TILE, BLOCK_PARTIAL, BLOCK_SHAPE, BLOCK_TRANSLUCENT, COLUMN_SIZE, meaningfulState, pillarTile, Shape, WORLD_HEIGHT } from '../world';
import { FACE_AXIS, FACE_SIGN, faceVisible } from './faces';
import { passOf, type ColumnMeshData } from './mesh-data';
import { paddedIndex, stateAtIndex, type PaddedVolume } from './padded-volume';
import { QuadSink } from './quad-sink';
import { emitShapeQuads } from './shape-quads';
import { blockAt, blockLightAt, faceAO, faceLight, lightAt, seeThroughLightAt, tintAt } from './volume-reads';

export { blockAt, blockLightAt, faceAO, faceLight, lightAt, tintAt };

/** Every visible unit face of the column, one quad each. */
export function meshColumnCulled(volume: PaddedVolume): ColumnMeshData {
  const sink = new QuadSink();
  const shaped: number[] = [];
  for (let y = 0; y < WORLD_HEIGHT; y++) {
    for (let z = 0; z < COLUMN_SIZE; z++) {
      for (let x = 0; x < COLUMN_SIZE; x++) {
        const block = blockAt(volume, x, y, z);
        if (block === 0) continue;
        if (BLOCK_PARTIAL[block]) {
          shaped.push(paddedIndex(x, y, z));
          continue;
        }
        // A log lying on its side turns its tiles (block-shapes.ts, pillarTile).
        const axis = BLOCK_SHAPE[block] === Shape.Pillar ? meaningfulState(block, stateAtIndex(volume, paddedIndex(x, y, z))) : 0;
        // See-through blocks are shaded flat (faces.ts, seeThroughFaceLight).
        const flat = BLOCK_TRANSLUCENT[block] === 1 || BLOCK_CUTOUT[block] === 1;
        for (let face = 0; face < 6; face++) {
          const n = [x, y, z];
          n[FACE_AXIS[face]!]! += FACE_SIGN[face]!;
          if (!faceVisible(block, blockAt(volume, n[0]!, n[1]!, n[2]!))) continue;
          const aoWord = flat ? 0xff : faceAO(volume, x, y, z, face);
          const lightWord = flat ? seeThroughLightAt(volume, n[0]!, n[1]!, n[2]!) : faceLight(volume, x, y, z, face);
          const tile = axis === 0 ? BLOCK_FACE_TILE[block * 6 + face]! : pillarTile(BLOCK_FACE_TILE[block * 6]!, axis, face);
          sink.add(passOf(block), face, x, y, z, 1, 1, aoWord, lightWord, tile, tintAt(volume, block, x, z, face));
        }
      }
    }
  }
  emitShapeQuads(sink, volume, shaped);
  return sink.finish();
}
