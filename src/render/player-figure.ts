/**
 * One other player drawn as a Minecraft-style block figure: head, body, two arms and two
 * legs, boxes in the proportions of Minecraft's (scaled to our 1.8-block body), two dark
 * eyes so the way they face reads from afar, and their name above. The whole figure turns
 * with the yaw, the head also tilts with the pitch; arms and legs swing while walking.
 * The boxes' geometries are shared by every figure (FigureParts); each figure has its own
 * three colour materials and its name tag.
 *
 * Faces -z at yaw 0, as the camera does (WorldScene.setCameraPose: rotation 'YXZ').
 */
import * as THREE from 'three';
import type { FigureColours } from '../net/name-colour';
import { createFigureMaterial, setFigureColour, type LightUniforms } from './figure-material';
import { NameTag, type TagCanvasFactory } from './name-tag';

/** Sizes in blocks: Minecraft's 4/8/12-pixel boxes at 0.9 × 1/16 block a pixel. */
const PX = 0.9 / 16;
const HEAD = 8 * PX;
const LIMB = 4 * PX;
const BODY_W = 8 * PX;
const BODY_H = 12 * PX;
const LEG_H = 12 * PX;
const ARM_H = 12 * PX;
/** The figure's full height (1.8 blocks) and where the name sits above it. */
export const FIGURE_HEIGHT = LEG_H + BODY_H + HEAD;
const TAG_Y = FIGURE_HEIGHT + 0.3;

/** The geometries every figure shares; freed once, by the layer. */
export class FigureParts {
  readonly head = new THREE.BoxGeometry(HEAD, HEAD, HEAD).translate(0, HEAD / 2, 0);
  readonly body = new THREE.BoxGeometry(BODY_W, BODY_H, LIMB).translate(0, LEG_H + BODY_H / 2, 0);
  /** Arms and legs hang from their pivot (shoulder, hip), so a rotation swings them. */
  readonly arm = new THREE.BoxGeometry(LIMB, ARM_H, LIMB).translate(0, -ARM_H / 2, 0);
  readonly leg = new THREE.BoxGeometry(LIMB, LEG_H, LIMB).translate(0, -LEG_H / 2, 0);
  readonly eye = new THREE.BoxGeometry(1.6 * PX, 1 * PX, 0.02).translate(0, 0, -HEAD / 2 - 0.01);
  readonly eyeMaterial: THREE.MeshBasicMaterial = new THREE.MeshBasicMaterial({ color: 0x1b1b24, fog: true });

  dispose(): void {
    for (const g of [this.head, this.body, this.arm, this.leg, this.eye]) g.dispose();
    this.eyeMaterial.dispose();
  }
}

export class PlayerFigure {
  readonly root = new THREE.Group();
  private readonly headPivot = new THREE.Group();
  private readonly arms: THREE.Object3D[] = [];
  private readonly legs: THREE.Object3D[] = [];
  private readonly materials: { head: THREE.ShaderMaterial; body: THREE.ShaderMaterial; legs: THREE.ShaderMaterial };
  private tag: NameTag;
  private disposed = false;

  constructor(
    name: string,
    colours: FigureColours,
    private readonly parts: FigureParts,
    light: LightUniforms,
    private readonly createCanvas: TagCanvasFactory,
  ) {
    this.root.name = 'player';
    this.materials = {
      head: createFigureMaterial(colours.head, light),
      body: createFigureMaterial(colours.body, light),
      legs: createFigureMaterial(colours.legs, light),
    };
    this.root.add(new THREE.Mesh(parts.body, this.materials.body));
    this.headPivot.position.y = LEG_H + BODY_H;
    this.headPivot.add(new THREE.Mesh(parts.head, this.materials.head));
    for (const side of [-1, 1]) {
      const eye = new THREE.Mesh(parts.eye, parts.eyeMaterial);
      eye.position.set(side * 2 * PX, HEAD * 0.55, 0);
      this.headPivot.add(eye);
      const arm = new THREE.Group();
      arm.position.set(side * (BODY_W + LIMB) / 2, LEG_H + BODY_H, 0);
      arm.add(new THREE.Mesh(parts.arm, this.materials.head));
      const leg = new THREE.Group();
      leg.position.set(side * LIMB / 2, LEG_H, 0);
      leg.add(new THREE.Mesh(parts.leg, this.materials.legs));
      this.arms.push(arm);
      this.legs.push(leg);
      this.root.add(arm, leg);
    }
    this.root.add(this.headPivot);
    this.tag = this.newTag(name);
  }

  /** Another name: new colours and a new tag. */
  rename(name: string, colours: FigureColours): void {
    if (this.disposed) return;
    setFigureColour(this.materials.head, colours.head);
    setFigureColour(this.materials.body, colours.body);
    setFigureColour(this.materials.legs, colours.legs);
    this.tag.sprite.removeFromParent();
    this.tag.dispose();
    this.tag = this.newTag(name);
  }

  /** Feet at (x, y, z); facing `yaw`, the head tilted by `pitch`; limbs at `swing` radians. */
  place(x: number, y: number, z: number, yaw: number, pitch: number, swing: number): void {
    this.root.position.set(x, y, z);
    this.root.rotation.y = yaw;
    // A neck bends so far: looking straight up or down must not turn the head inside the body.
    this.headPivot.rotation.x = Math.max(-1.2, Math.min(1.2, pitch));
    this.arms[0]!.rotation.x = swing;
    this.arms[1]!.rotation.x = -swing;
    this.legs[0]!.rotation.x = -swing;
    this.legs[1]!.rotation.x = swing;
  }

  /** The tag's texture, for tests: it must be freed with the figure. */
  get tagSprite(): THREE.Sprite {
    return this.tag.sprite;
  }

  /** Frees the figure's materials and tag (the shared geometries stay). Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.root.removeFromParent();
    for (const m of Object.values(this.materials)) m.dispose();
    this.tag.dispose();
  }

  private newTag(name: string): NameTag {
    const tag = new NameTag(name, this.createCanvas);
    tag.sprite.position.y = TAG_Y;
    this.root.add(tag.sprite);
    return tag;
  }
}
