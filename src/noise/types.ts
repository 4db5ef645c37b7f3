/** A scalar field over the plane. Deterministic: the same input always gives the same bits. */
export type Noise2D = (x: number, y: number) => number;
/** A scalar field over space. */
export type Noise3D = (x: number, y: number, z: number) => number;

/** Builds a field from a 32-bit integer seed. Different seeds give unrelated fields. */
export type SeededNoise2D = (seed: number) => Noise2D;
export type SeededNoise3D = (seed: number) => Noise3D;
