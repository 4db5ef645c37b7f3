/**
 * A game page on an emulated device for the touch and layout tests: its own context (viewport,
 * touch, isMobile), pixel ratio 1 (SwiftShader draws on the CPU, and more pixels would only
 * slow every frame), and a phone's view distances, waited on until everything is loaded.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserSuite, OpenGameOptions } from './browser-suite';

export interface DeviceOptions {
  viewport: { width: number; height: number };
  /** A touch screen (hasTouch); `mobile` also emulates a phone browser (isMobile). */
  touch: boolean;
  mobile: boolean;
}

export const PHONE: DeviceOptions = { viewport: { width: 390, height: 844 }, touch: true, mobile: true };

/** A phone's view distances: short, with a little horizon. In the link, so the first load is already this small. */
const PHONE_VIEW = { renderDistance: 4, farDistance: 8 };

const contextOptions = (device: DeviceOptions): BrowserContextOptions => ({
  viewport: device.viewport,
  hasTouch: device.touch,
  isMobile: device.mobile,
  deviceScaleFactor: 1,
});

export async function openOnDevice(suite: BrowserSuite, device: DeviceOptions, query: string): Promise<Page> {
  const context = await suite.newContext(contextOptions(device));
  return suite.openGame(query, { context, ...PHONE_VIEW });
}

/**
 * Called in a describe block: one game page on `device`, in a context of its own, opened before
 * the block's first test and closed (with its context) after its last; suite.sharedGame for a
 * device. Returns the page's getter.
 */
export function sharedOnDevice(suite: BrowserSuite, device: DeviceOptions, query: string): () => Page {
  // sharedGame reads its options when its beforeAll runs, after this one has made the context.
  const options: OpenGameOptions = { ...PHONE_VIEW };
  beforeAll(async () => {
    options.context = await suite.browser.newContext(contextOptions(device));
  });
  // After hooks run in reverse: the page is closed (and its errors checked) before its context.
  afterAll(async () => {
    await options.context?.close();
  });
  return suite.sharedGame(query, options);
}
