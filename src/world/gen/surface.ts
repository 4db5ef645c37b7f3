/**
 * Surface rules: the top block, the soil under it (SOIL_DEPTH blocks) and the layer under
 * the soil (SUB_DEPTH more blocks, stone unless the biome says otherwise), by biome, height,
 * slope and (for ragged lines) a hash of the position. Packed as top | soil << 8 | sub << 16.
 */
import { hashInts } from '../../noise';
import { Biome } from '../biome';
import { Block } from '../blocks';

export const SOIL_DEPTH = 3;
export const SUB_DEPTH = 3;

function pack(top: number, soil: number, sub: number = Block.Stone): number {
  return top | (soil << 8) | (sub << 16);
}

export interface SurfaceLines {
  seaLevel: number;
  /** Bare rock above this on mountains (plus 0..3 of dither). */
  rockLine: number;
  /** Snow above this on mountains (plus 0..3 of dither). */
  snowLine: number;
  ditherSeed: number;
}

export function surfaceBlocks(lines: SurfaceLines, biome: number, h: number, cliff: boolean, wx: number, wz: number): number {
  const { seaLevel } = lines;
  const dither = hashInts(lines.ditherSeed, wx, wz);
  const under = h < seaLevel;
  switch (biome) {
    case Biome.DeepOcean:
      return pack(Block.Gravel, Block.Gravel);
    case Biome.Ocean:
      if (h <= seaLevel - 14) return pack(Block.Gravel, Block.Sand);
      // Clay in patches: a 4x4-block hash, so patches have edges, not single speckles.
      if (h < seaLevel - 3 && (hashInts(lines.ditherSeed ^ 0x2d, wx >> 2, wz >> 2) & 7) === 0) return pack(Block.Clay, Block.Sand);
      return pack(Block.Sand, Block.Sand, Block.Sandstone);
    case Biome.River:
      return (dither & 3) === 0 ? pack(Block.Gravel, Block.Sand) : (dither & 15) === 1 ? pack(Block.Clay, Block.Dirt) : pack(Block.Sand, Block.Sand);
    case Biome.Beach:
      return pack(Block.Sand, Block.Sand, Block.Sandstone);
    case Biome.Desert:
      return pack(Block.Sand, Block.Sand, Block.Sandstone);
    case Biome.Mountains:
    case Biome.SnowyPeaks: {
      if (h >= lines.snowLine + (dither & 3)) return cliff ? pack(Block.Stone, Block.Stone) : pack(Block.Snow, Block.Stone);
      if (cliff || h >= lines.rockLine + ((dither >>> 2) & 3)) return (dither >>> 4) % 6 === 0 ? pack(Block.Gravel, Block.Stone) : pack(Block.Stone, Block.Stone);
      return pack(Block.Grass, Block.Dirt);
    }
    case Biome.Swamp:
      if (under) return pack(Block.Clay, Block.Dirt);
      return pack(Block.Grass, Block.Dirt);
    case Biome.SnowyPlains:
      if (under) return pack(Block.Gravel, Block.Dirt);
      return cliff ? pack(Block.Stone, Block.Stone) : pack(Block.Snow, Block.Dirt);
    default:
      // Lakes: sand in the shallows, gravel deeper; shores of sand; grass; rock on cliffs.
      if (under) return h < seaLevel - 4 ? pack(Block.Gravel, Block.Dirt) : pack(Block.Sand, Block.Sand);
      if (h <= seaLevel && biome !== Biome.Taiga) return pack(Block.Sand, Block.Sand);
      if (cliff) return pack(Block.Stone, Block.Stone);
      return pack(Block.Grass, Block.Dirt);
  }
}
