export { Hud } from './hud';
export type { HudData } from './hud';
export { StartOverlay } from './start-overlay';
export { ProgressBar } from './progress-bar';
export { Toasts } from './toast';
export { SettingsPanel } from './settings-panel';
export type { SettingsModel, SettingsPanelEvents } from './settings-panel';
