/**
 * Issue 21's figures: cave-face culling on against off, on one page and one camera, along a
 * stepped flight over the mountains of a biomes world and at a spot inside a cave. At each
 * stop the view is drawn with culling on and off in turns (ABAB), each draw timed to the
 * GPU's end (`__game.timeDraws`: a one-pixel read after it), so the two are measured side by
 * side under the same load; triangles are renderer.info's. Screenshots of each stop both ways
 * are compared pixel by pixel (bench-results/caves-*.png).
 */
import type { Browser, Page } from 'playwright-core';
import { decodePng } from '../../test/e2e/screenshot-stats';
import { biomeView, caveView } from '../../test/support/find-spots';
import { Biome, DEFAULT_WORLD_PARAMS, terrainFor, type WorldParams } from '../../src/world';
import { OUT_DIR, TIMEOUT_MS } from './config';
import { inPage } from './deadline';
import { log } from './log';
import { firstReady, openPage } from './page-probe';
import { percentile, round } from './stats';

export const CAVES = {
  params: { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'bench' } as WorldParams,
  renderDistance: 12,
  /** Full detail only: far terrain is not culled and would only dilute the ratio. */
  farDistance: 0,
  /** Stops along +x across the mountains' centre, this far apart, looking ahead and down. */
  stops: 9,
  spacing: 40,
  pitch: -0.35,
  /** Draws per turn (the first of each turn is dropped: it pays for the switch) and turns per mode. */
  draws: 6,
  turns: 3,
};

interface Stop {
  label: string;
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

interface StopResult {
  label: string;
  trianglesOn: number;
  trianglesOff: number;
  drawMsOn: number;
  drawMsOff: number;
  differingPixels: number;
}

/** The flight's stops: over the mountains' centre and either side of it, high enough to clear every peak on the way. */
function mountainStops(): Stop[] {
  const params = CAVES.params;
  const view = biomeView(params, [Biome.Mountains, Biome.SnowyPeaks], 'mountains');
  if (!view) throw new Error('caves: no mountains near the origin');
  const terrain = terrainFor(params);
  const z = Math.round(view.z - 40);
  const x0 = Math.round(view.x) - (CAVES.spacing * (CAVES.stops - 1)) / 2;
  let highest = 0;
  for (let x = x0 - 32; x <= x0 + CAVES.spacing * CAVES.stops + 96; x += 4) for (let dz = -32; dz <= 32; dz += 8) highest = Math.max(highest, terrain.heightAt(x, z + dz));
  return Array.from({ length: CAVES.stops }, (_, i) => ({ label: `mountains ${i}`, x: x0 + i * CAVES.spacing + 0.5, y: highest + 24, z: z + 0.5, yaw: -Math.PI / 2, pitch: CAVES.pitch }));
}

function caveStop(): Stop | null {
  const spot = caveView(CAVES.params, 'a cave');
  return spot ? { label: 'inside a cave', ...spot } : null;
}

async function measureStop(page: Page, stop: Stop): Promise<StopResult> {
  await inPage(page, `caves: ${stop.label}`, TIMEOUT_MS.ready, () =>
    page.evaluate((s) => {
      const g = window.__game!;
      g.teleport(s.x, s.y, s.z);
      g.look(s.yaw, s.pitch);
      return g.ready();
    }, stop),
  );
  // A frame so the drawn camera is at the stop.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const samples = { on: [] as number[], off: [] as number[] };
  const triangles = { on: 0, off: 0 };
  for (let turn = 0; turn < CAVES.turns; turn++) {
    for (const mode of ['on', 'off'] as const) {
      const r = await page.evaluate(([on, n]) => {
        const g = window.__game!;
        g.setCaveCulling(on);
        return g.timeDraws(n);
      }, [mode === 'on', CAVES.draws] as const);
      samples[mode].push(...r.ms.slice(1));
      triangles[mode] = r.triangles;
    }
  }
  const shots: Buffer[] = [];
  for (const on of [true, false]) {
    await page.evaluate((v) => window.__game!.setCaveCulling(v), on);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    shots.push(await page.screenshot({ path: `${OUT_DIR}/caves-${stop.label.replace(/ /g, '-')}-${on ? 'on' : 'off'}.png` }));
  }
  await page.evaluate(() => window.__game!.setCaveCulling(true));
  const [a, b] = shots.map(decodePng) as [ReturnType<typeof decodePng>, ReturnType<typeof decodePng>];
  let differingPixels = 0;
  for (let i = 0; i < a.pixels.length; i += a.channels) {
    if (a.pixels[i] !== b.pixels[i] || a.pixels[i + 1] !== b.pixels[i + 1] || a.pixels[i + 2] !== b.pixels[i + 2]) differingPixels++;
  }
  const result = {
    label: stop.label,
    trianglesOn: triangles.on,
    trianglesOff: triangles.off,
    drawMsOn: round(percentile(samples.on, 50)),
    drawMsOff: round(percentile(samples.off, 50)),
    differingPixels,
  };
  log(`caves: ${JSON.stringify(result)}`);
  return result;
}

export async function caveCullingPart(browser: Browser, appUrl: string, errors: Record<string, string[]>) {
  const stops = mountainStops();
  const first = stops[0]!;
  const p = CAVES.params;
  const url = `${appUrl}?type=biomes&seed=${p.seed}&x=${first.x}&y=${first.y}&z=${first.z}`;
  log(`caves: ${stops.length} stops over the mountains at y ${first.y}, R = ${CAVES.renderDistance}, then inside a cave`);
  const bp = await openPage(browser, url, CAVES.renderDistance);
  try {
    await firstReady(bp, 'caves');
    await bp.page.evaluate((f) => window.__game!.setFarDistance(f), CAVES.farDistance);
    // The world alone in the pictures: the HUD prints the triangle count, which differs by design.
    await bp.page.addStyleTag({ content: 'body > *:not(#app), #app > *:not(#view) { visibility: hidden !important; }' });
    const flight: StopResult[] = [];
    for (const stop of stops) flight.push(await measureStop(bp.page, stop));
    const cave = caveStop();
    const inCave = cave ? await measureStop(bp.page, cave) : null;
    const sum = (k: keyof Omit<StopResult, 'label'>) => flight.reduce((t, r) => t + r[k], 0);
    return {
      path: `biomes world "${p.seed}", R = ${CAVES.renderDistance}, no far terrain: ${stops.length} stops ${CAVES.spacing} blocks apart along +x over the mountains (y ${first.y}, pitch ${CAVES.pitch}), then a spot inside a cave`,
      method: `at each stop, ${CAVES.turns} turns of on then off, ${CAVES.draws} draws each (first dropped), each timed to the GPU's end; medians per stop; screenshots both ways compared`,
      flight: {
        trianglesOn: sum('trianglesOn'),
        trianglesOff: sum('trianglesOff'),
        trianglesRatio: round(sum('trianglesOn') / Math.max(1, sum('trianglesOff')), 3),
        drawMsOn: round(sum('drawMsOn')),
        drawMsOff: round(sum('drawMsOff')),
        drawMsRatio: round(sum('drawMsOn') / Math.max(1e-9, sum('drawMsOff')), 3),
        differingPixels: sum('differingPixels'),
      },
      stops: flight,
      inCave,
    };
  } finally {
    errors.caves = bp.errors;
    await bp.page.close();
  }
}
export type CaveCullingResult = Awaited<ReturnType<typeof caveCullingPart>>;
