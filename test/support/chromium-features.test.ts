import { describe, expect, it } from 'vitest';
import { DISABLE_FEATURES_ARG, DISABLED_FEATURES, featuresLost } from './chromium-features';

describe('featuresLost', () => {
  it('finds what an earlier --disable-features names and the last one drops', () => {
    const argv = ['chromium', '--disable-features=A,B,C', '--headless', '--disable-features=B,D'];
    expect(featuresLost(argv)).toEqual(['A', 'C']);
  });

  it('loses nothing with one list, or when the last repeats the earlier ones', () => {
    expect(featuresLost(['chromium', '--disable-features=A,B'])).toEqual([]);
    expect(featuresLost(['chromium', '--disable-features=A', '--disable-features=B', '--disable-features=A,B,C'])).toEqual([]);
    expect(featuresLost(['chromium', '--headless'])).toEqual([]);
  });

  it("our list carries Playwright's and the omnibox popups, each once", () => {
    expect(DISABLE_FEATURES_ARG).toBe(`--disable-features=${DISABLED_FEATURES.join(',')}`);
    expect(DISABLED_FEATURES).toEqual(expect.arrayContaining(['PaintHolding', 'AimEnabled', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
    expect(new Set(DISABLED_FEATURES).size).toBe(DISABLED_FEATURES.length);
  });
});
