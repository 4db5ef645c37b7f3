/**
 * A name above a player's head, as Minecraft shows it: white text on a dark translucent
 * box, always facing the camera (a sprite), hidden by walls (depth-tested) and by the fog.
 * The text is painted on a canvas with fillText: a name is whatever another player typed, so
 * it never goes near HTML.
 */
import * as THREE from 'three';

/** A 2D canvas, or anything drawing like one (OffscreenCanvas; a stand-in in tests). */
export interface TagCanvas {
  width: number;
  height: number;
  getContext(type: '2d'): TagContext | null;
}

export interface TagContext {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  measureText(text: string): { width: number };
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
}

export type TagCanvasFactory = () => TagCanvas;

export const browserTagCanvas: TagCanvasFactory = () => document.createElement('canvas') as unknown as TagCanvas;

/** Text size on the canvas, in pixels, and the tag's height in blocks. */
const FONT_PX = 32;
const PADDING_PX = 8;
const HEIGHT_BLOCKS = 0.3;
const FONT = `600 ${FONT_PX}px system-ui, sans-serif`;

export class NameTag {
  readonly sprite: THREE.Sprite;
  private readonly texture: THREE.CanvasTexture;
  private readonly canvas: TagCanvas;
  private disposed = false;

  constructor(name: string, createCanvas: TagCanvasFactory) {
    this.canvas = createCanvas();
    this.texture = new THREE.CanvasTexture(this.canvas as unknown as HTMLCanvasElement);
    this.texture.colorSpace = THREE.SRGBColorSpace;
    this.texture.minFilter = THREE.LinearFilter;
    this.texture.generateMipmaps = false;
    const material = new THREE.SpriteMaterial({ map: this.texture, transparent: true, depthWrite: false, fog: true });
    this.sprite = new THREE.Sprite(material);
    this.sprite.name = 'name tag';
    this.paint(name);
  }

  /** Once: a texture is not resized after its first upload, so another name is another tag. */
  private paint(name: string): void {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.font = FONT;
    const width = Math.ceil(context.measureText(name).width) + 2 * PADDING_PX;
    const height = FONT_PX + 2 * PADDING_PX;
    // Setting the size clears the canvas and its state: the font is set again after.
    this.canvas.width = width;
    this.canvas.height = height;
    context.clearRect(0, 0, width, height);
    context.fillStyle = 'rgba(0, 0, 0, 0.45)';
    context.fillRect(0, 0, width, height);
    context.font = FONT;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillStyle = '#ffffff';
    context.fillText(name, width / 2, height / 2 + 1);
    this.texture.needsUpdate = true;
    this.sprite.scale.set((HEIGHT_BLOCKS * width) / height, HEIGHT_BLOCKS, 1);
  }

  /** Frees the texture and material. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.texture.dispose();
    this.sprite.material.dispose();
  }
}
