/**
 * The touch joystick's reading: where the thumb is, relative to where it landed, as an analog
 * stick. Pure, so its dead zone and sprint rim are tested in Node.
 */
export interface StickOptions {
  /** How far, in CSS pixels, the thumb moves the knob to full deflection. */
  radius: number;
  /** A share of the radius in which the stick reads zero, so a resting thumb does not creep. */
  deadZone: number;
  /** Pushed past this many radii (the thumb beyond the rim), the player sprints. */
  sprintBeyond: number;
}

export const DEFAULT_STICK_OPTIONS: Readonly<StickOptions> = Object.freeze({
  radius: 48,
  deadZone: 0.12,
  sprintBeyond: 1.4,
});

export interface StickReading {
  /** Forward (+) or back (-), -1..1. */
  ahead: number;
  /** Right (+) or left (-), -1..1. */
  side: number;
  sprint: boolean;
  /** Where to draw the knob, relative to the base centre, within the radius. */
  knobX: number;
  knobY: number;
}

export const STICK_AT_REST: Readonly<StickReading> = Object.freeze({ ahead: 0, side: 0, sprint: false, knobX: 0, knobY: 0 });

/** The stick for a thumb `dx` right and `dy` down (screen pixels) of where it landed. */
export function readStick(dx: number, dy: number, options: StickOptions = DEFAULT_STICK_OPTIONS): StickReading {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return STICK_AT_REST;
  const distance = Math.hypot(dx, dy);
  const reach = distance / options.radius;
  if (reach <= options.deadZone) return { ...STICK_AT_REST, knobX: dx, knobY: dy };
  // Rescaled past the dead zone, so the reading grows from 0 without a jump at its edge.
  const deflection = Math.min(1, (reach - options.deadZone) / (1 - options.deadZone));
  const ux = dx / distance;
  const uy = dy / distance;
  const knob = Math.min(distance, options.radius);
  return { ahead: -uy * deflection, side: ux * deflection, sprint: reach > options.sprintBeyond, knobX: ux * knob, knobY: uy * knob };
}
