/**
 * World types in the real game: old links still open the classic world bit for bit, a fresh
 * visit opens a biomes world whose biome the HUD names, the panel switches to a superflat
 * world, and screenshots at spots found in Node show a desert, a snowy biome, a river, a
 * cave from inside and cut-out leaves (test-results/world-*.png: look at them); over
 * mountains and in a cave, cave-face culling leaves the picture as it was. The old link opens
 * a page of its own; every other test shares one page on the world of a fresh visit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Biome, BIOME_NAMES, Block, DEFAULT_WORLD_PARAMS, generateColumn, hashChunk, type WorldParams } from '../../src/world';
import { PERLIN_GOLDEN } from '../world/fixtures/golden-hashes';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { biomeView, caveView, leavesView, riverView, type CameraSpot } from '../support/find-spots';
import { frames } from '../support/game-page';
import { analyseScreenshot, decodePng, type PictureStats } from './screenshot-stats';

const suite = useBrowserSuite();

const BIOMES: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };

/**
 * The screenshots are for people to look at: they show the landscape the spot was chosen for
 * (up to 70 blocks away, see find-spots.ts) and a horizon of far terrain beyond it, so they ask
 * for more than the test view's 4 columns and no far terrain.
 */
const SCREENSHOT_VIEW = { renderDistance: 6, farDistance: 16 };

/** Only the world: the start card, HUD, panel, hotbar and messages hidden (they are not what the pictures measure). */
const WORLD_ONLY = 'body > *:not(#app), #app > *:not(#view) { visibility: hidden !important; }';

/**
 * Moves the shared page's camera to `spot` (found in Node; `expected` says what should have
 * been found), waits for the columns around it, and takes a screenshot of the world alone.
 */
async function visit(page: Page, spot: CameraSpot | null, expected: string, name: string): Promise<PictureStats> {
  expect(spot, expected).not.toBeNull();
  await page.evaluate(([at, view]) => {
    const g = window.__game!;
    g.setRenderDistance(view.renderDistance);
    g.setFarDistance(view.farDistance);
    g.teleport(at.x, at.y, at.z);
    g.look(at.yaw, at.pitch);
    return g.ready();
  }, [spot!, SCREENSHOT_VIEW] as const);
  await page.addStyleTag({ content: WORLD_ONLY });
  await frames(page, 3); // a frame drawn without them
  return analyseScreenshot(await page.screenshot({ path: `${SHOTS}/world-${name}.png` }));
}

describe('world types', () => {
  it('a link from before world types (no type=) opens the classic world, bit for bit, and says so in the URL', async () => {
    // The golden columns it reads, (0, 0) and (-1, -1), are next to the camera's: render distance 2 holds them.
    const page = await suite.openGame('?seed=voxel&x=8&y=120&z=8', { renderDistance: 2 });
    expect((await page.evaluate(() => window.__game!.params())).type).toBe('classic');
    const golden = PERLIN_GOLDEN.filter((g) => g.seed === 'voxel' && Math.abs(g.cx) < 2);
    expect(golden.length).toBeGreaterThan(0);
    for (const g of golden) expect(await page.evaluate(([cx, cz]) => window.__game!.columnHash(cx!, cz!), [g.cx, g.cz])).toBe(g.hash);
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.search).get('type'))).toBe('classic');
    expect((await page.evaluate(() => window.__game!.stats())).biome).toBe('classic terrain');
  });

  // One page on the world a fresh visit opens, the biomes world "voxel": read as it opened,
  // switched to superflat and back with the panel, then photographed at five spots (each test
  // moves its camera, as a player flying there would).
  describe('the biomes world "voxel" of a fresh visit', () => {
    const page = suite.sharedGame('', { renderDistance: 2 });

    it('a fresh visit opens a biomes world, generated in the workers as in Node, and the HUD names the biome underfoot', async () => {
      // The page as it opened, at its spawn: the first test on it.
      const params = await page().evaluate(() => window.__game!.params());
      expect(params.type).toBe('biomes');
      const camera = (await page().evaluate(() => window.__game!.stats())).camera;
      const cx = Math.floor(camera.x / 16);
      const cz = Math.floor(camera.z / 16);
      for (const [dx, dz] of [[0, 0], [1, 0], [0, -1]] as const) {
        const hash = await page().evaluate(([x, z]) => window.__game!.columnHash(x!, z!), [cx + dx, cz + dz]);
        expect(hash).toBe(hashChunk(generateColumn(params, cx + dx, cz + dz)));
      }
      const biome = (await page().evaluate(() => window.__game!.stats())).biome;
      expect(BIOME_NAMES).toContain(biome);
      // Spawn stands on land, not in the sea.
      expect(['ocean', 'deep ocean', 'river']).not.toContain(biome);
      await expect.poll(() => page().locator('.hud-lines').innerText()).toContain(biome);
    });

    it('the panel switches the world type: superflat, by choosing it in the select, and back', async () => {
      const before = await page().evaluate(() => window.__game!.params());
      expect(before).toEqual(BIOMES);
      // Above the origin's columns, which it reads.
      await page().evaluate(() => {
        const g = window.__game!;
        g.teleport(8, 120, 8);
        return g.ready();
      });
      const row = page().locator('.lil-gui .lil-controller', { has: page().locator('.lil-name', { hasText: 'world type' }) }).first();
      await row.locator('select').selectOption({ label: 'superflat' });
      await expect.poll(() => page().evaluate(() => window.__game!.params().type)).toBe('flat');
      await page().evaluate(() => window.__game!.ready());
      const column = await page().evaluate(() => {
        const g = window.__game!;
        const blocks: number[] = [];
        for (let y = 0; y < 80; y++) blocks.push(g.blockAt(3, y, 5));
        return blocks;
      });
      let top = column.length - 1;
      while (top > 0 && column[top] === Block.Air) top--;
      expect(column[top]).toBe(Block.Grass);
      expect(column[0]).toBe(Block.Bedrock);
      expect(await page().evaluate(() => new URLSearchParams(location.search).get('type'))).toBe('flat');
      // Style belongs to classic terrain and biome size to biomes: superflat reads neither.
      const disabled = (name: string) => page().locator('.lil-gui .lil-controller', { has: page().locator('.lil-name', { hasText: name }) }).first().evaluate((e) => e.classList.contains('lil-disabled') || e.classList.contains('disabled'));
      expect(await disabled('style')).toBe(true);
      expect(await disabled('biome size')).toBe(true);
      // And back, by the same select, to the world the screenshots are of.
      await row.locator('select').selectOption({ label: 'biomes (continents, rivers, caves)' });
      await expect.poll(() => page().evaluate(() => window.__game!.params())).toEqual(before);
      await page().evaluate(() => window.__game!.ready());
    });


    it('a desert: sand and cacti under a clear sky', async () => {
      const picture = await visit(page(), biomeView(BIOMES, Biome.Desert, 'desert'), 'a desert near the origin', 'desert');
      expect((await page().evaluate(() => window.__game!.stats())).biome).toBe('desert');
      expect(picture.distinctColours).toBeGreaterThan(200);
      expect(picture.sandy).toBeGreaterThan(0.2);
    });

    it('a snowy biome: snow on the ground', async () => {
      const picture = await visit(page(), biomeView(BIOMES, Biome.SnowyPlains, 'snowy'), 'a snowy biome near the origin', 'snowy');
      expect(['snowy plains']).toContain((await page().evaluate(() => window.__game!.stats())).biome);
      expect(picture.white).toBeGreaterThan(0.1);
    });

    it('a river: water winding between banks', async () => {
      const picture = await visit(page(), riverView(BIOMES, Biome.River), 'a river near the origin', 'river');
      expect(picture.bluish).toBeGreaterThan(0.03);
      expect(picture.greenish + picture.sandy + picture.brownish).toBeGreaterThan(0.1);
    });

    it('a cave from inside: dark rock, and the daylight of its mouth', async () => {
      const picture = await visit(page(), caveView(BIOMES), 'a cave with a mouth near the origin', 'cave');
      expect(picture.dark).toBeGreaterThan(0.2);
      expect(picture.dark).toBeLessThan(0.98);
    });

    it('cave-face culling hides nothing: over mountains and in a cave, the picture is the same with it off, with fewer triangles from above', async () => {
      const views = [
        { spot: biomeView(BIOMES, [Biome.Mountains, Biome.SnowyPeaks], 'mountains'), name: 'mountains' },
        { spot: caveView(BIOMES), name: 'cave' },
      ];
      const triangles: Record<string, { on: number; off: number }> = {};
      for (const { spot, name } of views) {
        await visit(page(), spot, `${name} near the origin`, `culled-${name}`);
        const shots: Buffer[] = [];
        const counts: number[] = [];
        // The day's clock stopped (as the suite leaves it): a game minute between the shots would move the sun.
        await page().evaluate(() => window.__game!.setTimePaused(true));
        // Drawn at full resolution, as on a GPU: scaled up from SwiftShader's half, a face one
        // buffer pixel wide at a silhouette (a section drawn or not behind it) can tint its neighbours.
        const scale = await page().evaluate(() => window.__game!.setRenderScale(1));
        for (const on of [true, false]) {
          await page().evaluate((v) => window.__game!.setCaveCulling(v), on);
          await frames(page(), 2);
          counts.push((await page().evaluate(() => window.__game!.stats())).triangles);
          shots.push(await page().screenshot({ path: `${SHOTS}/world-culled-${name}-${on ? 'on' : 'off'}.png` }));
        }
        await page().evaluate((s) => {
          window.__game!.setCaveCulling(true);
          window.__game!.setRenderScale(s);
        }, scale);
        const [a, b] = shots.map(decodePng);
        let differing = 0;
        for (let i = 0; i < a!.pixels.length; i++) if (a!.pixels[i] !== b!.pixels[i]) differing++;
        expect(differing, `${name}: bytes that differ with culling on and off`).toBe(0);
        triangles[name] = { on: counts[0]!, off: counts[1]! };
      }
      // From above, the caves under the mountains are not drawn.
      expect(triangles.mountains!.on).toBeLessThan(triangles.mountains!.off);
      expect(triangles.cave!.on).toBeLessThanOrEqual(triangles.cave!.off);
    });

    it('cut-out leaves: the sky shows through a crown', async () => {
      const picture = await visit(page(), leavesView(BIOMES, Biome.Plains), 'a forest near the origin', 'leaves');
      expect(picture.distinctColours).toBeGreaterThan(200);
      expect(picture.greenish).toBeGreaterThan(0.1);
    });
  });
});
