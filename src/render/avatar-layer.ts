/**
 * The other players in the world, drawn: a block figure with a name tag for each
 * (player-figure.ts), placed every frame at a pose interpolated from the updates that
 * arrive about 10 times a second (src/net/pose-buffer.ts). One group the scene holds; the
 * figures share their geometries, each owns its materials and tag texture, and removing a
 * player frees them. `revision` changes whenever the picture does, for the scene's frame
 * signature (drawing on demand).
 *
 * Poses are the players' eyes (what the camera is at, as the game sends them): the figure's
 * feet are `eyeHeight` below.
 */
import * as THREE from 'three';
import { figureColours } from '../net/name-colour';
import { PoseBuffer, type Pose, type PoseBufferOptions } from '../net/pose-buffer';
import { noonLight, type LightUniforms } from './figure-material';
import { browserTagCanvas, type TagCanvasFactory } from './name-tag';
import { FigureParts, PlayerFigure } from './player-figure';

export interface AvatarPlayer extends Pose {
  /** The figure's key: unique among the players shown. */
  id: string;
  name: string;
}

/** Where the layer's group goes (the scene). */
export interface AvatarParent {
  add(object: THREE.Object3D): unknown;
}

export interface AvatarLayerOptions {
  /** Eye above the feet, in blocks (src/physics/body.ts's PLAYER_BODY.eyeHeight). */
  eyeHeight: number;
  pose: Partial<PoseBufferOptions>;
  /** The terrain's light (WorldScene.lightUniforms), so figures darken at night with it. */
  light: LightUniforms | null;
  createCanvas: TagCanvasFactory;
  /** The clock arrivals are timed by; update(now) must be given times on the same clock. */
  now: () => number;
  /** Walking at this speed (blocks/s) swings the limbs fully; slower, less. */
  fullSwingSpeed: number;
}

export const DEFAULT_AVATAR_LAYER_OPTIONS: Readonly<AvatarLayerOptions> = Object.freeze({
  eyeHeight: 1.62,
  pose: {},
  light: null,
  createCanvas: browserTagCanvas,
  now: () => performance.now(),
  fullSwingSpeed: 4.3,
});

/** Radians of limb swing per block walked, and the largest swing. */
const SWING_PER_BLOCK = 2.2;
const MAX_SWING = 0.8;
/** A frame's move longer than this is a snap (a teleport): no stride for it. */
const MAX_STRIDE = 2;

interface Avatar {
  name: string;
  figure: PlayerFigure;
  poses: PoseBuffer;
  /** The last pose drawn, and the walk's phase and strength. */
  drawn: Pose | null;
  phase: number;
  swing: number;
}

export class AvatarLayer {
  readonly group = new THREE.Group();
  private readonly options: AvatarLayerOptions;
  private readonly parts = new FigureParts();
  private readonly light: LightUniforms;
  private readonly avatars = new Map<string, Avatar>();
  private readonly pose: Pose = { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 };
  private lastUpdate: number | null = null;
  private changes = 0;
  private disposed = false;

  constructor(parent: AvatarParent | null, options: Partial<AvatarLayerOptions> = {}) {
    this.options = { ...DEFAULT_AVATAR_LAYER_OPTIONS, ...options };
    this.light = this.options.light ?? noonLight();
    this.group.name = 'players';
    parent?.add(this.group);
  }

  /** Changes to what is drawn (figures added, removed or moved), for the frame signature. */
  get revision(): number {
    return this.changes;
  }

  get size(): number {
    return this.avatars.size;
  }

  has(id: string): boolean {
    return this.avatars.has(id);
  }

  /** A player to show; one already shown is updated instead. */
  add(player: Readonly<AvatarPlayer>, at = this.options.now()): void {
    if (this.disposed) return;
    if (this.avatars.has(player.id)) return this.change(player, at);
    const figure = new PlayerFigure(player.name, figureColours(player.name), this.parts, this.light, this.options.createCanvas);
    figure.root.visible = false; // until update() places it
    this.group.add(figure.root);
    const avatar: Avatar = { name: player.name, figure, poses: new PoseBuffer(this.options.pose), drawn: null, phase: 0, swing: 0 };
    avatar.poses.push(player, at);
    this.avatars.set(player.id, avatar);
    this.changes++;
  }

  /** A new pose (or name) for a player shown; an unknown one is added. */
  change(player: Readonly<AvatarPlayer>, at = this.options.now()): void {
    if (this.disposed) return;
    const avatar = this.avatars.get(player.id);
    if (!avatar) return this.add(player, at);
    if (player.name !== avatar.name) {
      avatar.name = player.name;
      avatar.figure.rename(player.name, figureColours(player.name));
      this.changes++;
    }
    avatar.poses.push(player, at);
  }

  /** Takes a player's figure away and frees its materials and name tag. */
  remove(id: string): void {
    const avatar = this.avatars.get(id);
    if (!avatar) return;
    this.avatars.delete(id);
    avatar.figure.dispose();
    this.changes++;
  }

  /** Every figure taken away (the world was left). */
  clear(): void {
    for (const id of [...this.avatars.keys()]) this.remove(id);
  }

  /** Places every figure at its pose for `now` (once a frame, before drawing); true when any moved. */
  update(now: number): boolean {
    if (this.disposed) return false;
    const dt = this.lastUpdate === null ? 0 : Math.max(0, (now - this.lastUpdate) / 1000);
    this.lastUpdate = now;
    const before = this.changes;
    for (const avatar of this.avatars.values()) this.place(avatar, now, dt);
    return this.changes !== before;
  }

  /** The pose a player's figure is drawn at now (its eyes), or null; for tests. */
  drawnPose(id: string): Readonly<Pose> | null {
    return this.avatars.get(id)?.drawn ?? null;
  }

  /** Takes the group off the scene and frees every figure and the shared geometries. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.clear();
    this.disposed = true;
    this.group.removeFromParent();
    this.parts.dispose();
  }

  private place(avatar: Avatar, now: number, dt: number): void {
    const pose = avatar.poses.sample(now, this.pose);
    if (!pose) return;
    const last = avatar.drawn;
    const stride = last ? Math.hypot(pose.x - last.x, pose.z - last.z) : 0;
    const walked = stride > MAX_STRIDE ? 0 : stride;
    const target = dt > 0 ? Math.min(1, walked / dt / this.options.fullSwingSpeed) : 0;
    // Eased, so uneven frames and updates do not make the limbs twitch.
    avatar.swing += (target - avatar.swing) * Math.min(1, dt * 10);
    if (avatar.swing < 0.01 && target === 0) avatar.swing = 0;
    avatar.phase = (avatar.phase + walked * SWING_PER_BLOCK) % (2 * Math.PI);
    const swing = Math.sin(avatar.phase) * MAX_SWING * avatar.swing;
    const moved = !last || last.x !== pose.x || last.y !== pose.y || last.z !== pose.z || last.yaw !== pose.yaw || last.pitch !== pose.pitch || avatar.swing !== 0;
    if (!moved) return;
    avatar.drawn = { ...pose };
    avatar.figure.root.visible = true;
    avatar.figure.place(pose.x, pose.y - this.options.eyeHeight, pose.z, pose.yaw, pose.pitch, swing);
    this.changes++;
  }
}
