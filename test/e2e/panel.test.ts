/**
 * The settings panel driven like a player drives it: typing, clicking, choosing. Every
 * control must do what its label says (no dead buttons), and bad typed values must be
 * corrected rather than break the world. One page for the whole file, the tests in order: each
 * starts from the world the one before left, as a player's session does.
 */
import { describe, expect, it } from 'vitest';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();

const page = suite.sharedGame('?seed=panel&x=8&y=120&z=8');

/** The lil-gui row whose label is `name`. */
const row = (name: string) => page().locator('.lil-gui .lil-controller', { has: page().locator('.lil-name', { hasText: name }) }).first();
const params = () => page().evaluate(() => window.__game!.params());
const ready = () => page().evaluate(() => window.__game!.ready());

describe('the settings panel', () => {
  it('typing a seed and pressing Enter regenerates the world with that seed', async () => {
    const before = await page().evaluate(() => window.__game!.columnHash(0, 0));
    const input = row('seed').locator('input');
    await input.fill('typed in the panel');
    await input.press('Enter');
    await page().waitForFunction(() => window.__game!.params().seed === 'typed in the panel');
    await ready();
    expect(await page().evaluate(() => window.__game!.columnHash(0, 0))).not.toBe(before);
    expect(await page().evaluate(() => location.search)).toContain('seed=typed+in+the+panel');
  });

  it('"random seed" picks a new numeric seed', async () => {
    const before = (await params()).seed;
    await row('random seed').locator('button').click();
    await page().waitForFunction((s) => window.__game!.params().seed !== s, before);
    expect((await params()).seed).toMatch(/^\d+$/);
    expect(await row('seed').locator('input').inputValue()).toBe((await params()).seed);
    await ready();
  });

  it('the noise source and style dropdowns switch the world', async () => {
    await row('noise source').locator('select').selectOption({ label: 'simplex-noise' });
    await page().waitForFunction(() => window.__game!.params().noise === 'simplex');
    // The chosen label is shown whole, not cut off by the dropdown.
    const display = row('noise source').locator('.lil-display');
    expect(await display.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await row('style').locator('select').selectOption({ label: 'ridged (peaks)' });
    await page().waitForFunction(() => window.__game!.params().style === 'ridged');
    await ready();
    await page().screenshot({ path: `${SHOTS}/panel-simplex-ridged.png` });
  });

  it('a typed amplitude above the maximum is clamped, and a message on top of the start screen says so', async () => {
    const amplitude = row('amplitude').locator('input');
    await amplitude.fill('500');
    await amplitude.press('Enter');
    await page().waitForFunction(() => window.__game!.params().amplitude === 127);
    const toast = page().locator('.toast', { hasText: 'amplitude' }).last();
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/500 is above the maximum 127; set to 127/);
    // Readable: the toast itself is the topmost element at its centre, not the overlay's blur.
    expect(await page().evaluate(() => !document.querySelector('.overlay')!.classList.contains('hidden'))).toBe(true);
    const box = (await toast.boundingBox())!;
    const topmost = await page().evaluate(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit?.closest('.toast') ? 'toast' : `${hit?.tagName}.${hit?.className}`;
    }, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(topmost).toBe('toast');
    await ready();
  });

  it('a typed out-of-range number is clamped, and a typed non-number changes nothing', async () => {
    const octaves = row('octaves').locator('input');
    await octaves.fill('99');
    await octaves.press('Enter');
    await page().waitForFunction(() => window.__game!.params().octaves === 16);
    expect(await octaves.inputValue()).toBe('16');
    await octaves.fill('lots');
    await octaves.press('Enter');
    // The panel has read the typed text once it shows the value in force again.
    await expect.poll(() => octaves.inputValue()).toBe('16');
    expect((await params()).octaves).toBe(16);
    await ready();
  });

  it('"reset terrain shape" restores the defaults but keeps the seed and the world type', async () => {
    const { seed, type } = await params();
    await row('reset terrain shape').locator('button').click();
    await page().waitForFunction(() => window.__game!.params().octaves === 6 && window.__game!.params().style === 'fbm');
    expect((await params()).seed).toBe(seed);
    expect((await params()).type).toBe(type);
    await ready();
  });

  it('render distance and worker count take effect', async () => {
    const r = row('render distance').locator('input');
    expect(await r.inputValue()).toBe('2'); // the test view's, from the link
    await r.fill('3');
    await r.press('Enter');
    await page().waitForFunction(() => window.__game!.progress().wanted === 29); // the R = 3 disc
    await ready();
    const w = row('worker threads').locator('input');
    await w.fill('2');
    await w.press('Enter');
    await page().waitForFunction(() => window.__game!.workerCount() === 2);
  });

  it('"remove my edits" asks for a second click, then undoes the edit; "copy link" answers with a message', async () => {
    await page().evaluate(() => window.__game!.editBlock(3, 200, 3, 2));
    expect(await page().evaluate(() => window.__game!.editCount())).toBe(1);
    await row('remove my edits').locator('button').click();
    // The first click's handler has run (the label says so) and removed nothing. No wait
    // here: the button stays armed for only 4 s, which a slow frame or two could use up.
    await row('click again to remove 1 edit').waitFor();
    expect(await page().evaluate(() => window.__game!.editCount())).toBe(1);
    await row('click again to remove 1 edit').locator('button').click();
    await page().waitForFunction(() => window.__game!.editCount() === 0);
    await row('remove my edits').waitFor();
    expect(await page().evaluate(() => window.__game!.blockAt(3, 200, 3))).toBe(0);
    await row('copy link').locator('button').click();
    await page().waitForSelector('.toast:has-text("link")');
  });

  it('"compare both" turns the swipe view on and greys out the noise choice; unticked, it ends', async () => {
    await row('compare both (swipe)').locator('input').check();
    await page().waitForFunction(() => window.__game!.compare().on);
    expect(await page().locator('.compare-handle').isVisible()).toBe(true);
    expect(await row('noise source').locator('select').isDisabled()).toBe(true);
    expect(await row('remove my edits').textContent()).toContain('both worlds');
    await ready();
    await row('compare both (swipe)').locator('input').uncheck();
    await page().waitForFunction(() => !window.__game!.compare().on);
    expect(await row('noise source').locator('select').isDisabled()).toBe(false);
    expect(await page().locator('.compare-handle').isVisible()).toBe(false);
  });

  it('"open the noise lab" opens the lab in a new tab on this world, centred where the camera is; the game stays', async () => {
    const world = await params();
    const camera = (await page().evaluate(() => window.__game!.stats())).camera;
    const [lab] = await Promise.all([page().context().waitForEvent('page'), row('open the noise lab').locator('button').click()]);
    suite.track(lab); // closed after this test, its console errors counted
    await lab.waitForURL((url) => url.pathname.endsWith('lab.html'));
    await lab.waitForFunction(() => window.__lab !== undefined, undefined, { timeout: 60_000 });
    await lab.evaluate(() => window.__lab!.ready());
    expect((await lab.evaluate(() => window.__lab!.state())).params).toEqual(world);
    const query = new URL(lab.url()).searchParams;
    expect(Number(query.get('x'))).toBe(Math.round(camera.x));
    expect(Number(query.get('z'))).toBe(Math.round(camera.z));
    // A tab of its own, with no way back to the game's window (noopener): the game is still here.
    expect(await lab.evaluate(() => window.opener)).toBeNull();
    expect(new URL(page().url()).pathname).not.toContain('lab.html');
    expect((await params()).seed).toBe(world.seed);
  });
});
