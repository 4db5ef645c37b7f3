/**
 * The player in the world on screen: the camera pose and the body (PlayerController over
 * src/physics), plus the rules that tie them to the world: where to stand when a world opens,
 * what the body collides with, and the box the camera may go in.
 */
import { PlayerController } from '../../controls/player-controller';
import type { CameraPose } from '../../controls/camera-pose';
import { cellOfBlock, collisionBoxesOf } from '../../controls/block-cells';
import { Cell, type Box16, type CellKind } from '../../physics';
import type { PlayerMode, SavedCamera, WorldRecord } from '../../storage';
import { columnOf, findLandSpawn, riseAboveGround, spawnAbove, WORLD_HEIGHT, type WorldParams } from '../../world';
import { MAX_COORDINATE } from '../flows/url-state';

/** What the player needs of the world on screen. */
export interface PlayerWorld {
  params(): WorldParams;
  /** The block at a position, edits included. */
  blockAt(x: number, y: number, z: number): number;
  /** Whether column (cx, cz) of the world shown has arrived. */
  isLoaded(cx: number, cz: number): boolean;
  /**
   * The state byte of the block at a position (block-shapes.ts: which way a stair faces, a
   * slab's half, a door's swing), 0 where no edit gave one. Only asked for shaped blocks.
   */
  stateAt(x: number, y: number, z: number): number;
}

/** Where a link asks the player to stand and look; any field may be missing. */
export interface PlaceFromLink {
  position: { x?: number; y?: number; z?: number };
  look: { yaw?: number; pitch?: number };
}

/** The view at spawn: looking north-east and a little down, over the land. */
const SPAWN_YAW = -Math.PI / 4;
const SPAWN_PITCH = -0.35;
/** Where the camera may go: far enough for any trip, inside the world's vertical range. */
const CAMERA_MIN_Y = -50;
const CAMERA_MAX_Y = 600;

export class WorldPlayer {
  readonly pose: CameraPose;
  readonly controller: PlayerController;

  constructor(
    private readonly world: PlayerWorld,
    start: { link: PlaceFromLink; saved: SavedCamera | null; mode: PlayerMode },
  ) {
    this.pose = startPose(world.params(), start.link, start.saved);
    this.controller = new PlayerController(this.pose, start.mode);
  }

  get mode(): PlayerMode {
    return this.controller.mode;
  }

  /** One frame: the body moves (keys count only while playing, which the controller knows), the camera stays in its box. */
  update(dt: number): void {
    this.controller.update(dt, this.cellAt, this.waitsForGround(), this.boxesAt);
    this.clamp();
  }

  teleport(x: number, y: number, z: number): void {
    Object.assign(this.pose, { x, y, z });
    this.controller.syncToPose();
    this.clamp();
  }

  /** A world was opened: to where the player left it (or a spawn on land) when asked; never inside the new ground. */
  arrive(record: WorldRecord, toSavedCamera: boolean): void {
    if (toSavedCamera) {
      const camera = record.camera;
      const spawn = camera ?? findLandSpawn(record.params);
      Object.assign(this.pose, { x: spawn.x, y: spawn.y, z: spawn.z }, camera ? { yaw: camera.yaw, pitch: camera.pitch } : {});
    }
    this.pose.y = riseAboveGround(record.params, this.pose).y;
    this.controller.syncToPose();
  }

  /** Where the player is, as a world record keeps it. */
  savedCamera(): SavedCamera {
    const { x, y, z, yaw, pitch } = this.pose;
    return { x, y, z, yaw, pitch };
  }

  /** Keeps the camera inside the world's usable box whatever the input did; the body follows a clamped camera. */
  clamp(): void {
    const p = this.pose;
    const { x, y, z } = p;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(p.z)) Object.assign(p, findLandSpawn(this.world.params()));
    p.x = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.x));
    p.z = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.z));
    p.y = Math.min(CAMERA_MAX_Y, Math.max(CAMERA_MIN_Y, p.y));
    if (p.x !== x || p.y !== y || p.z !== z) this.controller.syncToPose();
  }

  /**
   * What the body collides with: the blocks of the world on screen (edits included), and a
   * wall wherever a column has not arrived yet, so nobody walks into terrain they cannot see.
   * Below the world is solid, above it open.
   */
  private readonly cellAt = (x: number, y: number, z: number): CellKind => {
    if (y < 0) return Cell.Solid;
    if (y >= WORLD_HEIGHT) return Cell.Empty;
    if (!this.world.isLoaded(columnOf(x), columnOf(z))) return Cell.Solid;
    return cellOfBlock(this.world.blockAt(x, y, z));
  };

  /** The boxes of a cell cellAt called Shaped: its block's, in the state the world gives it. */
  private readonly boxesAt = (x: number, y: number, z: number): readonly Box16[] =>
    collisionBoxesOf(this.world.blockAt(x, y, z), this.world.stateAt(x, y, z));

  /** The player waits in the air while the column under them has not arrived (a new world, a teleport). */
  private waitsForGround(): boolean {
    if (this.controller.mode === 'fly' && this.controller.noClip) return false;
    const s = this.controller.state;
    return !this.world.isLoaded(columnOf(s.x), columnOf(s.z));
  }
}

/** Where to stand at start: the link's position, else where the player left this world, else a spawn on land. */
function startPose(params: WorldParams, link: PlaceFromLink, saved: SavedCamera | null): CameraPose {
  const hasPosition = link.position.x !== undefined || link.position.z !== undefined;
  const camera = hasPosition ? null : saved;
  const spawn = hasPosition ? spawnAbove(params, link.position.x ?? 8, link.position.z ?? 8) : findLandSpawn(params);
  return {
    x: link.position.x ?? camera?.x ?? spawn.x,
    y: link.position.y ?? camera?.y ?? spawn.y,
    z: link.position.z ?? camera?.z ?? spawn.z,
    yaw: link.look.yaw ?? camera?.yaw ?? SPAWN_YAW,
    pitch: link.look.pitch ?? camera?.pitch ?? SPAWN_PITCH,
  };
}
