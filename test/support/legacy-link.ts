import { DEFAULT_WORLD_PARAMS, type WorldParams } from '../../src/world';

/**
 * The world a link without `type=` opens (`?seed=voxel`): classic terrain with the default
 * shape, since such links predate world types. The end-to-end tests open worlds by such links,
 * so the terrain they expect is computed from these params.
 */
export const LEGACY_LINK_PARAMS: Readonly<WorldParams> = Object.freeze({ ...DEFAULT_WORLD_PARAMS, type: 'classic' });
