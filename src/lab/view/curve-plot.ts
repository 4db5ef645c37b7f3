/**
 * Draws one 1D curve the way the classic write-ups do (Hugo Elias's value-noise figures, Ken
 * Perlin's gradient-noise notes): the lattice points as dots, the interpolated curve through
 * them, and for gradient noise the random slope at each lattice point as a short tangent.
 */
import type { Curve } from '../compute/curves-1d';

export const CURVE_PLOT = { width: 400, height: 150 } as const;

/** The vertical range shown: Catmull-Rom overshoots ±1 by up to a quarter. */
const Y_RANGE = 1.3;

export function drawCurve(ctx: CanvasRenderingContext2D, curve: Curve, colour: string): void {
  const { width, height } = ctx.canvas;
  const cells = curve.lattice.length - 1;
  const samplesPerCell = (curve.samples.length - 1) / cells;
  const padX = 10;
  const sx = (width - 2 * padX) / cells;
  const sy = (height / 2 - 8) / Y_RANGE;
  const px = (x: number) => padX + x * sx;
  const py = (v: number) => height / 2 - v * sy;

  ctx.fillStyle = '#0d1218';
  ctx.fillRect(0, 0, width, height);
  // Lattice lines, and the zero and ±1 levels.
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#1f2935';
  ctx.beginPath();
  for (let i = 0; i <= cells; i++) {
    ctx.moveTo(Math.round(px(i)) + 0.5, 0);
    ctx.lineTo(Math.round(px(i)) + 0.5, height);
  }
  ctx.stroke();
  ctx.strokeStyle = '#2c3a4a';
  ctx.setLineDash([3, 4]);
  ctx.beginPath();
  for (const v of [-1, 1]) {
    ctx.moveTo(0, Math.round(py(v)) + 0.5);
    ctx.lineTo(width, Math.round(py(v)) + 0.5);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.strokeStyle = '#3a4b5e';
  ctx.beginPath();
  ctx.moveTo(0, Math.round(py(0)) + 0.5);
  ctx.lineTo(width, Math.round(py(0)) + 0.5);
  ctx.stroke();

  if (curve.name === 'perlin') {
    // The gradient at each lattice point: a tangent segment a third of a cell long each way.
    ctx.strokeStyle = '#f2c14e';
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (let i = 0; i <= cells; i++) {
      const d = 0.33;
      const s = curve.slopes[i]!;
      ctx.moveTo(px(i - d), py(curve.lattice[i]! - s * d));
      ctx.lineTo(px(i + d), py(curve.lattice[i]! + s * d));
    }
    ctx.stroke();
  }

  ctx.strokeStyle = colour;
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  curve.samples.forEach((v, k) => {
    const x = px(k / samplesPerCell);
    if (k === 0) ctx.moveTo(x, py(v));
    else ctx.lineTo(x, py(v));
  });
  ctx.stroke();

  ctx.fillStyle = curve.name === 'perlin' ? '#f2c14e' : '#ffffff';
  for (let i = 0; i <= cells; i++) {
    ctx.beginPath();
    ctx.arc(px(i), py(curve.lattice[i]!), 3.5, 0, Math.PI * 2);
    ctx.fill();
  }
}
