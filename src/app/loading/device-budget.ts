/**
 * Default view distances for the device at hand. A phone or small laptop that reports little
 * memory (navigator.deviceMemory, which browsers round down and cap at 8), or whose WebGL
 * limits are those of a weak GPU, starts with a shorter render and far distance, and the
 * panel says why; the player can still raise both.
 */
import { DEFAULT_FAR_DISTANCE, DEFAULT_STREAM_OPTIONS } from '../../stream';

export interface DeviceLimits {
  /** navigator.deviceMemory in GiB, where the browser tells it. */
  deviceMemory?: number;
  /** WebGL MAX_TEXTURE_SIZE. */
  maxTextureSize: number;
  /** WebGL MAX_ELEMENTS_VERTICES: the vertex count a driver handles well in one buffer. */
  maxElementsVertices?: number;
}

export interface DeviceBudget {
  renderDistance: number;
  farDistance: number;
  /** Why the defaults are lower than usual, for the panel; null when they are not. */
  reason: string | null;
}

export interface DeviceBudgetOptions {
  /** At or below this many GiB of memory the device counts as small. */
  lowMemoryGiB: number;
  /** Below this texture size the GPU counts as weak (every desktop GPU of the last decade has 8192 or more). */
  minTextureSize: number;
  /** Below this many vertices per buffer the GPU counts as weak. */
  minElementsVertices: number;
  /** The defaults on a small device. */
  lowRenderDistance: number;
  lowFarDistance: number;
}

export const DEFAULT_DEVICE_BUDGET_OPTIONS: Readonly<DeviceBudgetOptions> = Object.freeze({
  lowMemoryGiB: 4,
  minTextureSize: 8192,
  minElementsVertices: 65536,
  lowRenderDistance: 6,
  lowFarDistance: 32,
});

export function deviceBudget(limits: DeviceLimits, options: DeviceBudgetOptions = DEFAULT_DEVICE_BUDGET_OPTIONS): DeviceBudget {
  const why: string[] = [];
  const memory = limits.deviceMemory;
  if (memory !== undefined && Number.isFinite(memory) && memory > 0 && memory <= options.lowMemoryGiB) why.push(`${memory} GB of memory`);
  if (limits.maxTextureSize < options.minTextureSize) why.push(`a GPU texture limit of ${limits.maxTextureSize}`);
  if (limits.maxElementsVertices !== undefined && limits.maxElementsVertices < options.minElementsVertices) {
    why.push(`a GPU buffer limit of ${limits.maxElementsVertices} vertices`);
  }
  if (why.length === 0) return { renderDistance: DEFAULT_STREAM_OPTIONS.renderDistance, farDistance: DEFAULT_FAR_DISTANCE, reason: null };
  const renderDistance = Math.min(DEFAULT_STREAM_OPTIONS.renderDistance, options.lowRenderDistance);
  const farDistance = Math.min(DEFAULT_FAR_DISTANCE, options.lowFarDistance);
  return {
    renderDistance,
    farDistance,
    reason: `This device reports ${why.join(' and ')}, so the view starts shorter (render ${renderDistance}, far ${farDistance} columns). Raise them if it keeps up.`,
  };
}
