/**
 * Gradient tables shared by the per-sample and batch Perlin code. Literals, not computed:
 * cos/sin would differ in the last bit between engines, and these values shape the world.
 */

/**
 * 16 unit gradients for 2D Perlin, evenly spaced and offset by half a step so none lies on an
 * axis (axis-aligned gradients show up as visible grid lines in 2D Perlin). The literals are
 * cos/sin of (i + 0.5) * 22.5 degrees.
 */
const A = 0.9807852804032304;
const B = 0.19509032201612825;
const C = 0.8314696123025452;
const D = 0.5555702330196022;
export const GRADIENTS_2D_X = new Float64Array([A, C, D, B, -B, -D, -C, -A, -A, -C, -D, -B, B, D, C, A]);
export const GRADIENTS_2D_Y = new Float64Array([B, D, C, A, A, C, D, B, -B, -D, -C, -A, -A, -C, -D, -B]);

/**
 * sqrt(2): with unit gradients the raw 2D value stays below sqrt(1/2), so this maps the
 * output into [-1, 1]. (Measured peak after scaling: 0.9834, see PERLIN_PEAKS.)
 */
export const PERLIN_2D_SCALE = 1.4142135623730951;
