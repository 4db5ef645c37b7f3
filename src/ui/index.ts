export { Hud } from './hud';
export type { CompareSideData, HudData } from './hud';
export { CompareDivider } from './compare-divider';
export { clampSplit, DEFAULT_SPLIT, SPLIT_RANGE } from './split';
export { StartOverlay } from './start-overlay';
export { ProgressBar } from './progress-bar';
export { Toasts } from './toast';
export { SettingsPanel } from './settings-panel';
export type { SettingsModel, SettingsPanelEvents } from './settings-panel';
