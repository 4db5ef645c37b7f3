/**
 * Once per e2e run, before any test file: make sure there is a Chromium to drive (installing
 * Debian's package if need be, see browser-install.ts), build the app, then serve it and start
 * one Chromium that every test file connects to (shared-browser.ts). Both stop after the last file.
 */
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../support/browser-install';
import { startSharedBrowser } from '../support/shared-browser';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  await build({ logLevel: 'warn' });
  const shared = await startSharedBrowser();
  project.provide('e2eAppUrl', shared.appUrl);
  project.provide('e2eBrowserEndpoint', shared.wsEndpoint);
  return () => shared.close();
}
