export { Hud } from './hud';
export type { CompareSideData, HudData } from './hud';
export { CompareDivider, clampSplit, DEFAULT_SPLIT, SPLIT_RANGE } from './compare-divider';
export { StartOverlay } from './start-overlay';
export { ProgressBar } from './progress-bar';
export { Toasts } from './toast';
export { SettingsPanel } from './settings-panel';
export type { SettingsModel, SettingsPanelEvents } from './settings-panel';
