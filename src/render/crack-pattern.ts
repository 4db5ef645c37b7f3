/**
 * The crack stages drawn over a block being broken (Minecraft's ten "destroy stages"),
 * painted at start-up rather than shipped as an image: a few kilobytes made in well under a
 * millisecond, with no asset file, no fetch and no decode before the first break, and the
 * stages are one pattern by construction, each adding to the last.
 *
 * Cracks are bending lines from the centre that branch as they go, seeded by a fixed
 * LCG (the same picture every time). Stage s shows the first (s + 1) / stages of the walked
 * pixels, darker each stage, over a faint shade of the whole face that also deepens.
 */
export interface CrackPatternOptions {
  stages: number;
  /** Texels a side: the block tiles' 16. */
  size: number;
}

export const DEFAULT_CRACK_PATTERN_OPTIONS: Readonly<CrackPatternOptions> = Object.freeze({ stages: 10, size: 16 });

/** The eight headings, turning by 45 degrees from one to the next. */
const HEADINGS: readonly (readonly [number, number])[] = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];

/** The walked pixels in the order cracks reach them (indices y * size + x), about a third of the face. */
export function crackOrder(size: number): number[] {
  let state = 0x2545f491;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const seen = new Uint8Array(size * size);
  const order: number[] = [];
  const mid = Math.floor(size / 2);
  // Three cracks leave the centre in different directions, each a line that bends now and then.
  const walkers = [0, 3, 5].map((heading) => ({ x: mid, y: mid, heading }));
  const target = Math.floor(size * size * 0.3);
  for (let step = 0; order.length < target && step < 20000; step++) {
    const w = walkers[step % walkers.length]!;
    const turn = random();
    if (turn < 0.15) w.heading = (w.heading + 1) % 8;
    else if (turn < 0.3) w.heading = (w.heading + 7) % 8;
    const [dx, dy] = HEADINGS[w.heading]!;
    const x = w.x + dx;
    const y = w.y + dy;
    if (x < 0 || y < 0 || x >= size || y >= size || random() < 0.06) {
      // Out of the face, or now and then: a new branch from a crack already drawn.
      const from = order[Math.floor(random() * order.length)] ?? mid * size + mid;
      w.x = from % size;
      w.y = Math.floor(from / size);
      w.heading = Math.floor(random() * 8);
      continue;
    }
    w.x = x;
    w.y = y;
    const i = y * size + x;
    if (!seen[i]) {
      seen[i] = 1;
      order.push(i);
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
    const shade = Math.round(6 + 4 * s);
    const crack = Math.round(110 + 10 * s);
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
