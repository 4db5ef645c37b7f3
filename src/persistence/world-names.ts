/**
 * Names of saved worlds: the one a world gets when the game opens it by itself, and the
 * cleaning of a name the player typed.
 */
import { MAX_WORLD_NAME } from '../storage';
import { DEFAULT_WORLD_PARAMS, type WorldParams } from '../world';

/** A world name for a seed the game opened by itself. */
export function nameForParams(params: WorldParams): string {
  const seed = params.seed.length > 32 ? `${params.seed.slice(0, 32)}…` : params.seed;
  const notes = [...(params.type !== DEFAULT_WORLD_PARAMS.type ? [params.type] : []), ...(params.noise === 'simplex' ? ['simplex'] : [])];
  return `Seed "${seed}"${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

/** The name trimmed and cut to MAX_WORLD_NAME characters, or null when nothing is left. */
export function cleanName(name: string): string | null {
  const trimmed = name.trim().slice(0, MAX_WORLD_NAME);
  return trimmed.length > 0 ? trimmed : null;
}


