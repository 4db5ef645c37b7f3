/**
 * A game page on an emulated device for the touch and layout tests: its own context (viewport,
 * touch, isMobile), pixel ratio 1 (SwiftShader draws on the CPU, and more pixels would only
 * slow every frame), and a phone's view distances unless the test asks for others, waited on
 * until everything is loaded. Opened for one test, or shared by a describe block's tests.
 */
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserSuite, OpenGameOptions } from './browser-suite';
import type { TestView } from './test-view';

export interface DeviceOptions {
  viewport: { width: number; height: number };
  /** A touch screen (hasTouch); `mobile` also emulates a phone browser (isMobile). */
  touch: boolean;
  mobile: boolean;
}

export const PHONE: DeviceOptions = { viewport: { width: 390, height: 844 }, touch: true, mobile: true };

/**
 * A phone's view distances: short, with a little horizon. In the link, so the first load is
 * already this small. A test that has no use for the horizon (the layout's) can ask for less:
 * far terrain's first regions compile its programs, seconds of CPU on SwiftShader.
 */
const PHONE_VIEW = { renderDistance: 4, farDistance: 8 };
/** View distances a test asks for instead of the phone's. */
type ViewDistances = Partial<Pick<TestView, 'renderDistance' | 'farDistance'>>;

const contextOptions = (device: DeviceOptions): BrowserContextOptions => ({ viewport: device.viewport, hasTouch: device.touch, isMobile: device.mobile, deviceScaleFactor: 1 });

export async function openOnDevice(suite: BrowserSuite, device: DeviceOptions, query: string, view: ViewDistances = {}): Promise<Page> {
  const context = await suite.newContext(contextOptions(device));
  return suite.openGame(query, { context, ...PHONE_VIEW, ...view });
}

/**
 * Called in a describe block: suite.sharedGame on `device`, in a context of its own made before
 * the block's first test and closed after its last (isMobile and hasTouch are the context's
 * for good; the viewport a test may change with page.setViewportSize). Returns the page's getter.
 */
export function sharedOnDevice(suite: BrowserSuite, device: DeviceOptions, query: string, view: ViewDistances = {}): () => Page {
  const options: OpenGameOptions = { ...PHONE_VIEW, ...view };
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await suite.browser.newContext(contextOptions(device));
    options.context = context;
  });
  // Registered before sharedGame's: after-hooks run in reverse, so the page closes (and its
  // errors are checked) first.
  afterAll(async () => {
    await context?.close();
  });
  return suite.sharedGame(query, options);
}
