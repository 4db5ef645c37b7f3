/**
 * How far loading has come, in the one wording the start card and the loading bar share:
 * columns (full detail) and far regions (levels of detail) are counted apart, since they are
 * different things of very different cost, and summing them called far regions "columns".
 */

/** Columns on screen or failed for good, of those wanted; far regions drawn, of those wanted. */
export interface LoadingProgress {
  columns: { ready: number; failed: number; wanted: number };
  far: { shown: number; wanted: number };
}

export interface LoadingText {
  /** Everything wanted is on screen (or failed for good). */
  done: boolean;
  /** 0..1, columns and far regions counted alike, for the bar's length. */
  fraction: number;
  /** e.g. "171 / 197 columns, 3 / 240 far regions" (far regions only when the far view is on). */
  counts: string;
}

export function describeLoading(p: LoadingProgress): LoadingText {
  const columnsDone = p.columns.ready + p.columns.failed;
  const wanted = p.columns.wanted + p.far.wanted;
  const done = columnsDone >= p.columns.wanted && p.far.shown >= p.far.wanted;
  const far = p.far.wanted > 0 ? `, ${p.far.shown} / ${p.far.wanted} far regions` : '';
  return {
    done,
    fraction: wanted === 0 ? 1 : Math.min(1, (columnsDone + Math.min(p.far.shown, p.far.wanted)) / wanted),
    counts: `${columnsDone} / ${p.columns.wanted} columns${far}`,
  };
}
