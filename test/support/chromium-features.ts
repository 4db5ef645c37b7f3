/**
 * The Chromium features the tests and the browser scripts launch without. Chromium keeps only
 * the last `--disable-features` on its command line, whole, and Playwright passes a list of its
 * own before ours: ours repeats Playwright's (chromiumSwitches.ts in playwright-core 1.65) so
 * that adding one does not switch Playwright's back on. The shared browser checks at every
 * run that nothing Playwright disables was lost (featuresLost), so a Playwright upgrade that
 * adds one fails loudly instead of quietly changing the browser under the tests.
 */

/** Playwright's own list, for the reasons its source gives (stable navigation, no phoning home). */
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Ours. Headless Chromium 156 loads the address bar's two WebUI popups (its suggestions and its
 * AI mode) into a renderer of their own for every new window, though a headless window shows
 * neither. On the 2-core test machine that was 1.6 s of CPU for every game page a test opens,
 * against 3.4 s for the page itself (renderer 2.7 → 1.4 s, browser 0.9 → 0.6 s a load, the
 * same load with and without them), and every e2e file opens several.
 */
const OURS_DISABLED = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const DISABLED_FEATURES: readonly string[] = [...PLAYWRIGHT_DISABLED, ...OURS_DISABLED];

export const DISABLE_FEATURES_ARG = `--disable-features=${DISABLED_FEATURES.join(',')}`;

/**
 * The features an earlier `--disable-features` on a command line names that the last one, the
 * only one Chromium reads, leaves out: switched back on by accident.
 */
export function featuresLost(commandLine: readonly string[]): string[] {
  const lists = commandLine.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(',').filter(Boolean));
  const last = new Set(lists.at(-1) ?? []);
  return [...new Set(lists.slice(0, -1).flat())].filter((feature) => !last.has(feature));
}
