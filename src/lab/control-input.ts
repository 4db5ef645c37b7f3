/**
 * What a typed or chosen control value does to the lab state. Two moments:
 * - `live` (every keystroke, every slider step): a usable in-range value applies at once; a
 *   half-typed one ("0.", "-", "30" on the way to "300") changes nothing and says nothing yet;
 * - `commit` (Enter, leaving the field, a dropdown choice): an out-of-range value is clamped
 *   and a non-number is refused, each with a warning, and the field shows what was kept.
 * Nothing here ever puts NaN into the state.
 */
import { NOISE_SOURCES, parseQueryNumber, sanitizeWorldParams, TERRAIN_STYLES, WORLD_PARAM_RANGES, WORLD_TYPES, type NumericWorldParam, type WorldParams } from '../world';
import { LAB_VIEW_RANGES, nearestZoom, ZOOMS, type LabState } from './lab-state';

export type NumericControl = NumericWorldParam | 'x' | 'z' | 'cell' | 'zoom';
export type LabControl = NumericControl | ChoiceControl | 'seed';
/** Controls that take one of a list of names. */
type ChoiceControl = 'type' | 'noise' | 'style';

const CHOICES: Readonly<Record<ChoiceControl, readonly string[]>> = { type: WORLD_TYPES, noise: NOISE_SOURCES, style: TERRAIN_STYLES };

export type InputMoment = 'live' | 'commit';

export interface ControlOutcome {
  /** The new state (the same object when nothing changed). */
  state: LabState;
  changed: boolean;
  /** What the control should show now (the clamped value, or the kept one). */
  shown: string;
  warnings: string[];
  /**
   * The text was a good value for the control as it stands (not half-typed, clamped or
   * refused): any earlier warning about this control is answered and can go.
   */
  accepted: boolean;
}

const LABELS: Record<LabControl, string> = {
  type: 'world type',
  seed: 'seed',
  noise: 'noise',
  style: 'style',
  octaves: 'octaves',
  persistence: 'persistence',
  lacunarity: 'lacunarity',
  scale: 'scale',
  amplitude: 'amplitude',
  seaLevel: 'sea level',
  biomeScale: 'biome size',
  x: 'x',
  z: 'z',
  cell: 'cell size',
  zoom: 'zoom',
};

const WHOLE: ReadonlySet<LabControl> = new Set(['octaves', 'amplitude', 'seaLevel', 'cell']);

function isWorldNumber(name: LabControl): name is NumericWorldParam {
  return name in WORLD_PARAM_RANGES;
}

/** The range a numeric control is held to. */
export function controlRange(name: NumericControl): { min: number; max: number; step: number } {
  if (name === 'zoom') return { min: ZOOMS[0]!, max: ZOOMS[ZOOMS.length - 1]!, step: 1 };
  return isWorldNumber(name) ? WORLD_PARAM_RANGES[name] : LAB_VIEW_RANGES[name];
}

/** The control's current value in `state`, as text for an input. */
export function controlValue(state: LabState, name: LabControl): string {
  if (name === 'seed' || isChoice(name)) return state.params[name];
  if (isWorldNumber(name)) return String(state.params[name]);
  return String(state.view[name]);
}

function withValue(state: LabState, name: LabControl, value: string | number): LabState {
  if (name === 'x' || name === 'z' || name === 'cell' || name === 'zoom') return { ...state, view: { ...state.view, [name]: value } as LabState['view'] };
  return { ...state, params: { ...state.params, [name]: value } as WorldParams };
}

function isChoice(name: LabControl): name is ChoiceControl {
  return name in CHOICES;
}

function outcome(before: LabState, after: LabState, name: LabControl, warnings: string[]): ControlOutcome {
  const changed = controlValue(after, name) !== controlValue(before, name);
  return { state: changed ? after : before, changed, shown: controlValue(changed ? after : before, name), warnings, accepted: warnings.length === 0 };
}

/** Applies `text` typed or chosen in control `name` at `moment`. */
export function applyControlInput(state: LabState, name: LabControl, text: string, moment: InputMoment): ControlOutcome {
  const label = LABELS[name];
  const unchanged = (warnings: string[] = []): ControlOutcome => ({ state, changed: false, shown: controlValue(state, name), warnings, accepted: false });

  if (name === 'seed') return outcome(state, withValue(state, 'seed', text), name, []);
  if (isChoice(name)) {
    const allowed = CHOICES[name];
    if (!allowed.includes(text)) return unchanged([`${label} "${text}" is not one of ${allowed.join(', ')}; kept ${controlValue(state, name)}`]);
    return outcome(state, withValue(state, name, text), name, []);
  }

  const n = parseQueryNumber(text);
  if (n === undefined) {
    return moment === 'live' ? unchanged() : unchanged([`${label}: "${text}" is not a number; kept ${controlValue(state, name)}`]);
  }
  const { min, max } = controlRange(name);
  let value = Math.min(max, Math.max(min, n));
  if (WHOLE.has(name)) value = Math.round(value);
  if (name === 'zoom') value = nearestZoom(value);
  if (value !== n) {
    // While typing, an out-of-range number may be on its way to a good one: wait for commit.
    if (moment === 'live') return unchanged();
    const why = n < min ? `below the minimum ${min}` : n > max ? `above the maximum ${max}` : name === 'zoom' ? `not one of ${ZOOMS.join(', ')}` : 'not a whole number';
    const warnings = [`${label} ${text.trim()} is ${why}; using ${value}`];
    return { ...outcome(state, withValue(state, name, value), name, []), warnings, accepted: false };
  }
  if (isWorldNumber(name)) {
    // The world's own validation has the last word on world parameters.
    const { params, warnings } = sanitizeWorldParams({ ...state.params, [name]: value });
    return outcome(state, { ...state, params }, name, warnings);
  }
  return outcome(state, withValue(state, name, value), name, []);
}
