/**
 * The crack stages drawn over a block being broken (Minecraft's ten "destroy stages"),
 * painted at start-up rather than shipped as an image: a few kilobytes made in well under a
 * millisecond, with no asset file, no fetch and no decode before the first break, and the
 * stages are one pattern by construction, each adding to the last.
 *
 * Cracks are random walks from near the centre that branch as they go, seeded by a fixed
 * LCG (the same picture every time). Stage s shows the first (s + 1) / stages of the walked
 * pixels, darker each stage, over a faint shade of the whole face that also deepens.
 */
export interface CrackPatternOptions {
  stages: number;
  /** Texels a side: the block tiles' 16. */
  size: number;
}

export const DEFAULT_CRACK_PATTERN_OPTIONS: Readonly<CrackPatternOptions> = Object.freeze({ stages: 10, size: 16 });

/** The walked pixels in the order cracks reach them (indices y * size + x), about half the face. */
export function crackOrder(size: number): number[] {
  let state = 0x2545f491;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const seen = new Uint8Array(size * size);
  const order: number[] = [];
  const mid = size / 2;
  const walkers = [0, 1, 2].map((k) => ({ x: mid - 1 + k, y: mid - 1 + ((k * 2) % 3), dx: k === 1 ? -1 : 1, dy: k === 2 ? -1 : 1 }));
  const target = Math.floor(size * size * 0.42);
  for (let step = 0; order.length < target && step < 20000; step++) {
    const w = walkers[step % walkers.length]!;
    // Mostly along its heading, sometimes a turn: jagged lines rather than blobs.
    if (random() < 0.35) w.dx = Math.sign(Math.round((random() - 0.5) * 2.4)) || w.dx;
    if (random() < 0.35) w.dy = Math.sign(Math.round((random() - 0.5) * 2.4)) || w.dy;
    w.x = Math.min(size - 1, Math.max(0, w.x + (random() < 0.7 ? w.dx : 0)));
    w.y = Math.min(size - 1, Math.max(0, w.y + (random() < 0.7 ? w.dy : 0)));
    const i = w.y * size + w.x;
    if (!seen[i]) {
      seen[i] = 1;
      order.push(i);
    }
    // At the edge, start again from a crack already drawn (a branch).
    if (w.x === 0 || w.y === 0 || w.x === size - 1 || w.y === size - 1 || random() < 0.04) {
      const from = order[Math.floor(random() * order.length)]!;
      w.x = from % size;
      w.y = Math.floor(from / size);
      w.dx = random() < 0.5 ? -1 : 1;
      w.dy = random() < 0.5 ? -1 : 1;
    }
  }
  return order;
}

/**
 * RGBA pixels of every stage side by side: a strip `stages * size` wide and `size` high,
 * black with alpha (the overlay darkens what is under it).
 */
export function paintCracks(options: CrackPatternOptions = DEFAULT_CRACK_PATTERN_OPTIONS): Uint8Array {
  const { stages, size } = options;
  const width = stages * size;
  const pixels = new Uint8Array(width * size * 4);
  const order = crackOrder(size);
  for (let s = 0; s < stages; s++) {
    const shown = Math.ceil((order.length * (s + 1)) / stages);
    const shade = Math.round(12 + 5 * s);
    const crack = Math.round(120 + 12 * s);
    const crackAt = new Uint8Array(size * size);
    for (let k = 0; k < shown; k++) crackAt[order[k]!] = 1;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const p = (y * width + s * size + x) * 4;
        pixels[p + 3] = crackAt[y * size + x] ? crack : shade;
      }
    }
  }
  return pixels;
}
