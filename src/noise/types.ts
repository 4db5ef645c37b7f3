/** A scalar field along a line. Deterministic: the same input always gives the same bits. */
export type Noise1D = (x: number) => number;
/** A scalar field over the plane. Deterministic: the same input always gives the same bits. */
export type Noise2D = (x: number, y: number) => number;
/** A scalar field over space. */
export type Noise3D = (x: number, y: number, z: number) => number;
/** A scalar field over space and time (the fourth coordinate animates a 3D field). */
export type Noise4D = (x: number, y: number, z: number, w: number) => number;

/** Builds a field from a 32-bit integer seed. Different seeds give unrelated fields. */
export type SeededNoise1D = (seed: number) => Noise1D;
export type SeededNoise2D = (seed: number) => Noise2D;
export type SeededNoise3D = (seed: number) => Noise3D;
export type SeededNoise4D = (seed: number) => Noise4D;
