/**
 * One fixed step of the player's motion: the keys set a wished velocity, velocity eases
 * toward it (and gravity, jumps and water act on y), then the body sweeps through the grid
 * and whatever it hit zeroes the velocity into it. A walking body on the ground steps up
 * ledges up to stepHeight (a slab, a stair) without a jump; a whole block takes a jump, as in
 * Minecraft.
 */
import { Cell, WHOLE_CELLS, type BoxesLookup, type CellLookup } from './cells';
import { bodyBox } from './body';
import type { Box } from './box';
import { easeToward } from './ease';
import { boxTouches } from './overlap';
import type { PhysicsOptions } from './physics-options';
import type { PlayerInput } from './player-input';
import { moveBox, type BoxMove } from './sweep';

export interface PlayerState {
  /** Feet: the centre of the body's bottom face. */
  x: number;
  y: number;
  z: number;
  /** Velocity in blocks per second. */
  vx: number;
  vy: number;
  vz: number;
  /** A downward move was blocked during the last step: the body stands on something. */
  onGround: boolean;
  /** The body overlaps a Water or Lava cell anywhere, feet to head (see stepPlayer): it swims. */
  inWater: boolean;
  /** How far a step-up lifted the feet during the last step (0 without one): the camera eases over it. */
  steppedUp: number;
}

export function createPlayerState(x: number, y: number, z: number): PlayerState {
  return { x, y, z, vx: 0, vy: 0, vz: 0, onGround: false, inWater: false, steppedUp: 0 };
}

/**
 * Advances `state` by one step of `dt` seconds (the caller's fixed step; see FixedStepper).
 * A dt that is not a positive finite number changes nothing.
 *
 * Water counts when any part of the body overlaps it, so the player keeps swimming until the
 * feet leave the surface; Minecraft's water jump then lets a swimmer pushing against a shore
 * with jump held climb out onto a block one above the water. Lava is swum in as water, with
 * its own, heavier drag wherever the body touches any.
 */
export function stepPlayer(
  state: PlayerState,
  input: PlayerInput,
  lookup: CellLookup,
  options: PhysicsOptions,
  dt: number,
  boxesAt: BoxesLookup = WHOLE_CELLS,
): void {
  if (!(dt > 0) || !Number.isFinite(dt)) return;
  state.steppedUp = 0;
  if (input.mode === 'fly') {
    easeFlyVelocity(state, input, options, dt);
  } else {
    easeWalkVelocity(state, input, options, dt, liquidAt(state.x, state.y, state.z, lookup));
  }

  const dx = state.vx * dt;
  const dy = state.vy * dt;
  const dz = state.vz * dt;
  if (input.mode === 'fly' && input.noClip) {
    state.x += dx;
    state.y += dy;
    state.z += dz;
    state.onGround = false;
  } else {
    const from = bodyBox(state.x, state.y, state.z);
    let move = moveBox(from, dx, dy, dz, lookup, boxesAt);
    let fell = dy < 0;
    // Rising (a jump, a swim up) never steps: the jump clears the ledge on its own.
    if (input.mode === 'walk' && options.stepHeight > 0 && (move.x.hit || move.z.hit) && dy <= 0 && (state.onGround || move.y.hit)) {
      const stepped = stepUp(from, dx, dy, dz, lookup, boxesAt, options.stepHeight, horizontalReach(move));
      if (stepped !== null) {
        move = stepped;
        fell = true;
        state.steppedUp = Math.max(0, stepped.box.minY - from.minY);
      }
    }
    state.x += move.x.moved;
    // Straight from the box: on landing its minY is the ground's top (a whole sixteenth), bit for bit.
    state.y = move.box.minY;
    state.z += move.z.moved;
    if (move.x.hit) state.vx = 0;
    if (move.y.hit) state.vy = 0;
    if (move.z.hit) state.vz = 0;
    state.onGround = move.y.hit && fell;
    if (input.mode === 'walk' && input.jump && (move.x.hit || move.z.hit)) liftOntoShore(state, lookup, options);
  }
  state.inWater = liquidAt(state.x, state.y, state.z, lookup) !== null;
}

type Liquid = typeof Cell.Water | typeof Cell.Lava;

/** The liquid a body with its feet at (x, y, z) is in: lava where it touches any (it drags more), else water, else null. */
function liquidAt(x: number, y: number, z: number, lookup: CellLookup): Liquid | null {
  const box = bodyBox(x, y, z);
  if (boxTouches(box, Cell.Lava, lookup)) return Cell.Lava;
  return boxTouches(box, Cell.Water, lookup) ? Cell.Water : null;
}

/** How a body moves in `liquid`: the water's numbers or the lava's. */
function liquidDrag(liquid: Liquid, o: PhysicsOptions): { speedFactor: number; rate: number; sink: number; swim: number } {
  return liquid === Cell.Lava
    ? { speedFactor: o.lavaSpeedFactor, rate: o.lavaResponsiveness, sink: o.lavaSinkSpeed, swim: o.lavaSwimSpeed }
    : { speedFactor: o.waterSpeedFactor, rate: o.waterResponsiveness, sink: o.waterSinkSpeed, swim: o.swimSpeed };
}

/**
 * The classic step-up (Minecraft's, Source's): the same horizontal move tried with the body
 * raised by up to `height` (less under a ceiling), then let down again by as much plus the
 * step's fall, so it lands on whatever ledge it climbed. Its y is that settling move. Null
 * when raised it gets no further along the ground than `reach` (squared), as against a wall.
 */
function stepUp(from: Box, dx: number, dy: number, dz: number, lookup: CellLookup, boxesAt: BoxesLookup, height: number, reach: number): BoxMove | null {
  const raised = moveBox(from, 0, height, 0, lookup, boxesAt);
  const across = moveBox(raised.box, dx, 0, dz, lookup, boxesAt);
  if (!(horizontalReach(across) > reach)) return null;
  const settled = moveBox(across.box, 0, -raised.y.moved + Math.min(0, dy), 0, lookup, boxesAt);
  return { box: settled.box, x: across.x, y: settled.y, z: across.z };
}

/** Squared length of a move along the ground. */
function horizontalReach(move: BoxMove): number {
  return move.x.moved * move.x.moved + move.z.moved * move.z.moved;
}

/** How far ahead and to the right the player asks to move, with a length of at most 1. */
interface MoveIntent {
  ahead: number;
  side: number;
  /** Whether the intent comes from keys, whose direction is always taken at full speed. */
  keys: boolean;
}

function moveIntent(input: PlayerInput): MoveIntent {
  const ahead = (input.forward ? 1 : 0) - (input.back ? 1 : 0);
  const side = (input.right ? 1 : 0) - (input.left ? 1 : 0);
  if (ahead !== 0 || side !== 0) return { ahead, side, keys: true };
  const stickAhead = finiteOrZero(input.stickAhead);
  const stickSide = finiteOrZero(input.stickSide);
  const length = Math.sqrt(stickAhead * stickAhead + stickSide * stickSide);
  const cap = length > 1 ? 1 / length : 1;
  return { ahead: stickAhead * cap, side: stickSide * cap, keys: false };
}

function finiteOrZero(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) ? n : 0;
}

/**
 * The asked-for move along the ground in world axes. For keys it is as long as the keys make
 * it (1 or the square root of 2, times the heading's length); for a stick, as long as the
 * stick is pushed along a unit heading.
 */
function groundMove(input: PlayerInput): { x: number; z: number; keys: boolean } {
  const { ahead, side, keys } = moveIntent(input);
  let x = input.forwardX * ahead - input.forwardZ * side;
  let z = input.forwardZ * ahead + input.forwardX * side;
  if (!keys) {
    // A sloppy heading must not change how fast a pushed stick goes; a broken heading (or a
    // stick at rest) asks for no move at all, as no keys always did.
    const length = Math.sqrt(x * x + z * z);
    if (!(length > 0) || !Number.isFinite(length)) return { x: 0, z: 0, keys };
    const scale = Math.sqrt(ahead * ahead + side * side) / length;
    x *= scale;
    z *= scale;
  }
  return { x, z, keys };
}

/** Direction along the ground the player asks for: a unit vector for keys (or (0, 0)); for a stick, as long as it is pushed. */
function wishDirection(input: PlayerInput): { x: number; z: number } {
  const move = groundMove(input);
  if (!move.keys) return { x: move.x, z: move.z };
  const length = Math.sqrt(move.x * move.x + move.z * move.z);
  // Diagonals are no faster than straight lines, and a sloppy heading still gives full speed.
  return length > 0 && Number.isFinite(length) ? { x: move.x / length, z: move.z / length } : { x: 0, z: 0 };
}

function easeWalkVelocity(state: PlayerState, input: PlayerInput, o: PhysicsOptions, dt: number, liquid: Liquid | null): void {
  const wish = wishDirection(input);
  const drag = liquid === null ? null : liquidDrag(liquid, o);
  const speed = (input.sprint ? o.sprintSpeed : o.walkSpeed) * (drag ? drag.speedFactor : 1);
  const rate = drag ? drag.rate : state.onGround ? o.groundResponsiveness : o.airResponsiveness;
  state.vx = easeToward(state.vx, wish.x * speed, rate, dt);
  state.vz = easeToward(state.vz, wish.z * speed, rate, dt);

  if (drag) {
    const target = input.jump ? drag.swim : input.descend ? -drag.swim : -drag.sink;
    state.vy = easeToward(state.vy, target, drag.rate, dt);
  } else if (input.jump && state.onGround) {
    state.vy = o.jumpVelocity;
  } else {
    state.vy = Math.max(-o.terminalFallSpeed, state.vy - o.gravity * dt);
  }
}

function easeFlyVelocity(state: PlayerState, input: PlayerInput, o: PhysicsOptions, dt: number): void {
  const move = groundMove(input);
  let tx = move.x;
  let ty = (input.jump ? 1 : 0) - (input.descend ? 1 : 0);
  let tz = move.z;
  const length = Math.sqrt(tx * tx + ty * ty + tz * tz);
  const speed = Number.isFinite(input.flySpeed) ? Math.max(0, input.flySpeed) * (input.sprint ? o.flySprintFactor : 1) : 0;
  // Keys fly at full speed along any mix of directions (diagonals no faster); a stick part-way
  // out flies slower, down to a standstill.
  const scale = length > 0 && Number.isFinite(length) ? speed / (move.keys ? length : Math.max(1, length)) : 0;
  tx *= scale;
  ty *= scale;
  tz *= scale;
  state.vx = easeToward(state.vx, tx, o.flyResponsiveness, dt);
  state.vy = easeToward(state.vy, ty, o.flyResponsiveness, dt);
  state.vz = easeToward(state.vz, tz, o.flyResponsiveness, dt);
}

/**
 * Minecraft's water jump: swimming into a wall with jump held, with the feet near the
 * surface (the body raised by shoreLiftDepth would be out of the water), throws the body up
 * fast enough to land on a block one above the water. Without it a swimmer bobs at the
 * surface, since the swim stops as soon as the feet leave the water.
 */
function liftOntoShore(state: PlayerState, lookup: CellLookup, o: PhysicsOptions): void {
  if (liquidAt(state.x, state.y, state.z, lookup) === null) return;
  if (liquidAt(state.x, state.y + o.shoreLiftDepth, state.z, lookup) !== null) return;
  state.vy = Math.max(state.vy, o.shoreLiftVelocity);
}
