/** Numbers as the lab prints them: fixed decimals, ∞ for infinity, a dash for no data (never "NaN"). */
export function formatNumber(n: number, digits: number): string {
  if (Number.isNaN(n)) return '—';
  if (n === Infinity) return '∞';
  if (n === -Infinity) return '−∞';
  // A typographic minus lines up with digits in tables.
  return n.toFixed(digits).replace(/^-/, '−');
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
