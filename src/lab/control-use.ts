/**
 * Which world controls a world type reads, so the lab greys out the others as the game's
 * panel does: only classic worlds layer their octaves by `style` (biomes pick fBm or ridged
 * per biome), only biomes worlds have a biome size, and a superflat world has no relief for
 * `amplitude` to scale. Every other control also shapes the lab's noise figures, so it stays
 * usable whatever the type.
 */
import type { WorldType } from '../world';
import type { LabControl } from './control-input';

const READ_ONLY_BY: Partial<Record<LabControl, readonly WorldType[]>> = {
  style: ['classic'],
  biomeScale: ['biomes'],
  amplitude: ['classic', 'biomes'],
};

/** Why a world of `type` ignores `control` (for its tooltip), or null when it reads it. */
export function controlUnusedBecause(type: WorldType, control: LabControl): string | null {
  const readers = READ_ONLY_BY[control];
  if (!readers || readers.includes(type)) return null;
  return `A ${type} world does not read this; only ${readers.join(' and ')} worlds do.`;
}
