/**
 * A game page on an emulated device for the touch and layout tests: its own context (viewport,
 * touch, isMobile), pixel ratio 1 (SwiftShader draws on the CPU, and more pixels would only
 * slow every frame), and a phone's view distances, waited on until everything is loaded.
 */
import type { Page } from 'playwright-core';
import type { BrowserSuite } from './browser-suite';

export interface DeviceOptions {
  viewport: { width: number; height: number };
  /** A touch screen (hasTouch); `mobile` also emulates a phone browser (isMobile). */
  touch: boolean;
  mobile: boolean;
}

export const PHONE: DeviceOptions = { viewport: { width: 390, height: 844 }, touch: true, mobile: true };

/** A phone's view distances: short, with a little horizon. In the link, so the first load is already this small. */
const PHONE_VIEW = { renderDistance: 4, farDistance: 8 };

export async function openOnDevice(suite: BrowserSuite, device: DeviceOptions, query: string): Promise<Page> {
  const context = await suite.newContext({ viewport: device.viewport, hasTouch: device.touch, isMobile: device.mobile, deviceScaleFactor: 1 });
  return suite.openGame(query, { context, ...PHONE_VIEW });
}
