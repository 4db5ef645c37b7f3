/**
 * The player as keys drive them: held actions become physics input, the camera sits at the
 * eye, the test API's setInput is the same controller, and a block may not go where the body is.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_CONTROL_OPTIONS, PlayerController } from '../../src/controls/player-controller';
import { Cell, PLAYER_BODY, type CellLookup } from '../../src/physics';

/** Solid ground below y = 64 (its top face at 64), open above. */
const ground: CellLookup = (_x, y) => (y < 64 ? Cell.Solid : Cell.Empty);

function run(controller: PlayerController, seconds: number, lookup: CellLookup = ground, hold = false): void {
  for (let i = 0; i < Math.round(seconds * 60); i++) controller.update(1 / 60, lookup, hold);
}

describe('PlayerController', () => {
  it('walking: falls to the ground and puts the camera at the eye, 1.62 above the feet', () => {
    const pose = { x: 0.5, y: 80, z: 0.5, yaw: 0, pitch: 0 };
    const player = new PlayerController(pose, 'walk');
    run(player, 3);
    expect(player.state.y).toBe(64);
    expect(player.state.onGround).toBe(true);
    expect(pose.y).toBeCloseTo(64 + PLAYER_BODY.eyeHeight, 9);
    expect(player.describe).toBe('walking');
  });

  it('W walks where the camera faces, and setInput drives exactly what the keys drive', () => {
    const keys = { x: 0.5, y: 64 + PLAYER_BODY.eyeHeight, z: 0.5, yaw: Math.PI / 2, pitch: 0 }; // facing -x
    const api = { ...keys };
    const byKeys = new PlayerController(keys, 'walk');
    const byApi = new PlayerController(api, 'walk');
    byKeys.setHeld('forward', true);
    byKeys.setHeld('sprint', true);
    byApi.setInput({ forward: true, sprint: true });
    run(byKeys, 2);
    run(byApi, 2);
    expect(keys.x).toBeLessThan(-9); // about 5.6 blocks/s sprinting
    expect(Math.abs(keys.z - 0.5)).toBeLessThan(1e-9);
    expect(api).toEqual(keys);
    byApi.setInput({});
    run(byApi, 1);
    expect(byApi.currentSpeed).toBeLessThan(1e-6);
  });

  it('holding still while the ground has not arrived: no fall at all', () => {
    const pose = { x: 0.5, y: 100, z: 0.5, yaw: 0, pitch: 0 };
    const player = new PlayerController(pose, 'walk');
    run(player, 2, ground, true);
    expect(pose.y).toBe(100);
  });

  it('fly mode hovers, Space rises, and Alt+wheel changes the flight speed within its range', () => {
    const pose = { x: 0.5, y: 100, z: 0.5, yaw: 0, pitch: 0 };
    const player = new PlayerController(pose, 'fly');
    run(player, 1);
    expect(pose.y).toBeCloseTo(100, 9);
    player.setHeld('up', true);
    run(player, 1);
    expect(pose.y).toBeGreaterThan(115);
    for (let i = 0; i < 100; i++) player.wheel(-100);
    expect(player.options.flySpeed).toBe(400);
    for (let i = 0; i < 100; i++) player.wheel(100);
    expect(player.options.flySpeed).toBe(2);
    player.wheel(Number.NaN);
    expect(player.options.flySpeed).toBe(2);
  });

  it('says which cells the body fills, so a block is never placed inside the player', () => {
    const pose = { x: 0.5, y: 64 + PLAYER_BODY.eyeHeight, z: 0.5, yaw: 0, pitch: 0 };
    const player = new PlayerController(pose, 'walk');
    run(player, 0.5);
    expect(player.occupies(0, 64, 0)).toBe(true); // feet
    expect(player.occupies(0, 65, 0)).toBe(true); // head
    expect(player.occupies(0, 66, 0)).toBe(false); // above the head (1.8 tall)
    expect(player.occupies(0, 63, 0)).toBe(false); // the ground it stands on
    expect(player.occupies(1, 64, 0)).toBe(false); // beside (0.6 wide, centred at 0.5)
    player.setMode('fly');
    player.noClip = true;
    expect(player.occupies(0, 64, 0)).toBe(false); // a ghost is in nobody's way
  });

  it('teleports with the camera: the body follows a pose moved from outside, at rest', () => {
    const pose = { x: 0.5, y: 120, z: 0.5, yaw: 0, pitch: 0 };
    const player = new PlayerController(pose, 'walk');
    run(player, 0.2);
    Object.assign(pose, { x: -300.25, y: 90, z: 42.75 });
    player.syncToPose();
    expect(player.state).toMatchObject({ x: -300.25, y: 90 - PLAYER_BODY.eyeHeight, z: 42.75, vy: 0 });
  });
});

describe('PlayerController: looking', () => {
  const at = () => ({ x: 0.5, y: 100, z: 0.5, yaw: 0, pitch: 0 });

  it('the mouse turns 0.002 rad a pixel by default: right turns right, down looks down', () => {
    const pose = at();
    const player = new PlayerController(pose, 'fly');
    player.look(100, 50);
    expect(pose.yaw).toBeCloseTo(-0.2, 12);
    expect(pose.pitch).toBeCloseTo(-0.1, 12);
  });

  it('each source has its own multiplier of its base; invert Y flips the pitch for both', () => {
    const pose = at();
    // Round bases, so the expected angles read plainly: mouse 0.002 rad/px, touch 0.006.
    const player = new PlayerController(pose, 'fly', { lookSensitivity: 0.002, touchLookSensitivity: 0.006 });
    player.setLook({ mouseSensitivity: 2, touchSensitivity: 0.5, invertY: false });
    player.look(0, 10, 'mouse');
    expect(pose.pitch).toBeCloseTo(-0.04, 12);
    player.look(10, 10, 'touch');
    expect(pose.pitch).toBeCloseTo(-0.07, 12);
    expect(pose.yaw).toBeCloseTo(-0.03, 12);
    player.setLook({ mouseSensitivity: 2, touchSensitivity: 0.5, invertY: true });
    player.look(0, 10, 'mouse');
    expect(pose.pitch).toBeCloseTo(-0.03, 12);
    player.look(20, 10, 'touch');
    expect(pose.pitch).toBeCloseTo(0, 12); // up by 10 px × 0.006 × 0.5
    expect(pose.yaw).toBeCloseTo(-0.09, 12); // invert Y leaves left and right alone
    expect(player.options.lookSensitivity).toBe(0.002);
  });

  it('a finger turns faster per pixel than a mouse by default: a phone is a few hundred pixels wide', () => {
    const mouse = at();
    const touch = at();
    new PlayerController(mouse, 'fly').look(100, 0, 'mouse');
    new PlayerController(touch, 'fly').look(100, 0, 'touch');
    expect(touch.yaw / mouse.yaw).toBeCloseTo(DEFAULT_PLAYER_CONTROL_OPTIONS.touchLookSensitivity / DEFAULT_PLAYER_CONTROL_OPTIONS.lookSensitivity, 9);
    expect(touch.yaw).toBeCloseTo(-0.7, 9);
  });

  it('pitch stops short of straight up and down, and a movement that is no number turns nothing', () => {
    const pose = at();
    const player = new PlayerController(pose, 'fly');
    player.look(0, -1e6);
    expect(pose.pitch).toBeLessThan(Math.PI / 2);
    expect(pose.pitch).toBeGreaterThan(1.5);
    const before = { ...pose };
    player.look(NaN, 5);
    player.look(5, Infinity);
    expect(pose).toEqual(before);
  });
});

describe('PlayerController: a tap shorter than a frame', () => {
  it('still jumps when Space goes down and up between two physics steps', () => {
    const pose = { x: 0.5, y: 64 + PLAYER_BODY.eyeHeight, z: 0.5, yaw: 0, pitch: 0 };
    const player = new PlayerController(pose, 'walk');
    run(player, 0.5);
    expect(player.state.onGround).toBe(true);
    player.setHeld('up', true);
    player.setHeld('up', false); // both within one 300 ms frame of a slow device
    player.update(0.3, ground, false);
    expect(player.state.y).toBeGreaterThan(64.5);
    run(player, 2);
    expect(player.state.y).toBe(64); // landed, and jumped once only
  });
});
