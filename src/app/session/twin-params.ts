import { NOISE_SOURCES, type WorldParams } from '../../world';

/** The world compare mode shows beside one made with these parameters: the same, with the other noise. */
export function twinParams(params: WorldParams): WorldParams {
  return { ...params, noise: NOISE_SOURCES.find((noise) => noise !== params.noise)! };
}
