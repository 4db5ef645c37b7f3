/**
 * The view bob: nothing while standing, flying, falling, swimming or switched off; a bounded
 * dip and sway while walking that grows with speed; and no jump from one frame to the next.
 */
import { describe, expect, it } from 'vitest';
import { bobMotionOf, DEFAULT_VIEW_BOB_OPTIONS, ViewBob } from '../../src/controls/view-bob';

const DT = 1 / 60;
const walking = (speed: number) => ({ speed, bobbing: true });
const pose = { x: 10, y: 70, z: -5, yaw: 0.7, pitch: -0.2 };

function run(bob: ViewBob, seconds: number, motion: { speed: number; bobbing: boolean }, each?: () => void): void {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    bob.update(DT, motion);
    each?.();
  }
}

describe('ViewBob', () => {
  it('standing: exactly zero, however long', () => {
    const bob = new ViewBob();
    run(bob, 5, walking(0));
    expect(bob.offset(pose.yaw)).toEqual({ x: 0, y: 0, z: 0 });
    expect(bob.drawnPose(pose)).toEqual(pose);
  });

  it('walking bobs, and stopping fades it back to exactly zero', () => {
    const bob = new ViewBob();
    let lowest = 0;
    run(bob, 3, walking(4.3), () => (lowest = Math.min(lowest, bob.offset(0).y)));
    expect(lowest).toBeLessThan(-0.8 * DEFAULT_VIEW_BOB_OPTIONS.dip);
    run(bob, 3, walking(0));
    expect(bob.amplitude).toBe(0);
    expect(bob.offset(pose.yaw)).toEqual({ x: 0, y: 0, z: 0 });
  });

  it('off, flying, in the air or in water: no bob even at speed', () => {
    const body = { vx: 3, vz: 3, onGround: true, inWater: false };
    const motions = [
      bobMotionOf(body, 'walk', false),
      bobMotionOf(body, 'fly', true),
      bobMotionOf({ ...body, onGround: false }, 'walk', true),
      bobMotionOf({ ...body, inWater: true }, 'walk', true),
    ];
    for (const motion of motions) {
      expect(motion.bobbing).toBe(false);
      const bob = new ViewBob();
      run(bob, 2, motion);
      expect(bob.offset(pose.yaw)).toEqual({ x: 0, y: 0, z: 0 });
    }
    expect(bobMotionOf(body, 'walk', true)).toEqual({ speed: Math.sqrt(18), bobbing: true });
  });

  it('bounded: never more than the dip down or the sway aside, never up, at any speed', () => {
    for (const speed of [1, 4.3, 5.6, 50, 1e9]) {
      const bob = new ViewBob();
      run(bob, 4, walking(speed), () => {
        for (const yaw of [0, 1, -2.5]) {
          const o = bob.offset(yaw);
          expect(o.y).toBeLessThanOrEqual(0);
          expect(o.y).toBeGreaterThanOrEqual(-DEFAULT_VIEW_BOB_OPTIONS.dip - 1e-12);
          expect(Math.hypot(o.x, o.z)).toBeLessThanOrEqual(DEFAULT_VIEW_BOB_OPTIONS.sway + 1e-12);
        }
      });
    }
  });

  it('slower walking bobs less', () => {
    const peak = (speed: number) => {
      const bob = new ViewBob();
      let lowest = 0;
      run(bob, 4, walking(speed), () => (lowest = Math.min(lowest, bob.offset(0).y)));
      return -lowest;
    };
    expect(peak(1)).toBeLessThan(peak(4.3) * 0.5);
  });

  it('continuous: from frame to frame the eye moves a little, through starts, stops, landings and take-offs', () => {
    const bob = new ViewBob();
    // Blocks per 1/60 s frame. A sprint (5.6 blocks/s) honestly moves the eye up to
    // dip · π / stride · 5.6 / 60 = 0.011 a frame; a jump would be the whole 0.06 dip at once.
    const maxStep = 0.015;
    let last = bob.offset(pose.yaw);
    const check = () => {
      const o = bob.offset(pose.yaw);
      expect(Math.hypot(o.x - last.x, o.y - last.y, o.z - last.z)).toBeLessThan(maxStep);
      last = o;
    };
    run(bob, 1, walking(4.3), check);
    run(bob, 0.5, { speed: 4.3, bobbing: false }, check); // a jump: in the air
    run(bob, 1, walking(5.6), check);
    run(bob, 1, walking(0), check);
  });

  it('sways along the camera\'s right, on the ground', () => {
    const bob = new ViewBob();
    run(bob, 0.6, walking(4.3));
    for (const yaw of [0, 0.9, Math.PI / 2]) {
      const o = bob.offset(yaw);
      // Right of a camera looking along (-sin yaw, -cos yaw) is (cos yaw, -sin yaw).
      expect(o.x * Math.sin(yaw) + o.z * Math.cos(yaw)).toBeCloseTo(0, 12);
    }
  });

  it('a frame time that is no time changes nothing', () => {
    const bob = new ViewBob();
    run(bob, 1, walking(4.3));
    const before = bob.offset(0);
    for (const dt of [0, -1, NaN, Infinity]) bob.update(dt, walking(4.3));
    expect(bob.offset(0)).toEqual(before);
  });

  it('drawnPose moves a copy: the pose handed in is not changed', () => {
    const bob = new ViewBob();
    run(bob, 1, walking(4.3));
    const steady = { ...pose };
    const drawn = bob.drawnPose(steady);
    expect(steady).toEqual(pose);
    expect(drawn).not.toEqual(pose);
    expect(drawn.yaw).toBe(pose.yaw);
    expect(drawn.pitch).toBe(pose.pitch);
  });
});
