/**
 * How much of a world an end-to-end test opens unless it asks for more: render distance 2, no
 * levels of detail, an 800 × 500 window. SwiftShader draws on the CPU, so both the columns and
 * the pixels cost: a load at the game's own defaults (render distance 8, far distance 64: 421
 * worker jobs) in a 1024 × 640 window took several times as long on the shared 2-core test
 * machine, and each of its frames several times as long too. Render distance 2, the least,
 * loads 13 columns where 4 loaded 49, and most tests load a world two or three times. A test
 * that needs the ground further out (the compare view's two worlds, columns of both signs)
 * asks for more. The window
 * stays just above the small-screen layout (SMALL_SCREEN_QUERY: narrower than 700 or lower
 * than 500 px), which folds the panel and shortens the HUD. A test about view distances or
 * the horizon asks for its own.
 *
 * The day's clock stands still (`clock=stopped`): a test sees the hour it loaded at however
 * long it runs, and a still page draws nothing. A running clock redraws the world once a game
 * minute (1.2 s), and on SwiftShader each redraw of a test page cost about 0.23 s of the GPU
 * process: a quarter of a core for every open page, idle or not. Stopping it in the test API
 * after the load missed pages a test opened itself, and every reload. Tests of time start it.
 */
export interface TestView {
  /** Render distance in columns (the URL's `r=`). */
  renderDistance: number;
  /** Far distance of the levels of detail in columns (`far=`); 0 turns them off. */
  farDistance: number;
  /** The window, in CSS pixels. */
  viewport: { width: number; height: number };
}

export const DEFAULT_TEST_VIEW: Readonly<TestView> = Object.freeze({
  renderDistance: 2,
  farDistance: 0,
  viewport: Object.freeze({ width: 800, height: 500 }),
});

/**
 * `query` (`?…` or empty) with `r=` and `far=` from `view` (else DEFAULT_TEST_VIEW), and
 * `clock=stopped`, appended where it names none of them: a value written in the query itself
 * wins. Appended, not re-encoded, so the rest of the query reaches the game exactly as the
 * test wrote it.
 */
export function withTestView(query: string, view: Partial<TestView> = {}): string {
  const { renderDistance, farDistance } = { ...DEFAULT_TEST_VIEW, ...view };
  const named = new URLSearchParams(query);
  const extra = [named.has('r') ? '' : `r=${renderDistance}`, named.has('far') ? '' : `far=${farDistance}`, named.has('clock') ? '' : 'clock=stopped'].filter(Boolean);
  if (extra.length === 0) return query;
  const base = query === '' || query === '?' ? '?' : query.startsWith('?') ? `${query}&` : `?${query}&`;
  return base + extra.join('&');
}
