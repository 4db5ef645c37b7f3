/**
 * Free flight: three's PointerLockControls for the mouse look, WASD / Space / Shift for
 * movement relative to where you look, Ctrl (or Q) to sprint, the wheel for speed.
 * Velocity eases toward the target so starts and stops feel smooth, not jerky.
 */
import * as THREE from 'three';
import { PointerLockControls } from 'three/addons/controls/PointerLockControls.js';

export interface FlyOptions {
  /** Cruising speed in blocks per second. */
  speed: number;
  minSpeed: number;
  maxSpeed: number;
  /** Multiplier while sprinting. */
  sprintFactor: number;
  /** How fast velocity follows the keys (1/s); higher is snappier. */
  responsiveness: number;
}

export const DEFAULT_FLY_OPTIONS: Readonly<FlyOptions> = Object.freeze({
  speed: 24,
  minSpeed: 2,
  maxSpeed: 400,
  sprintFactor: 4,
  responsiveness: 10,
});

const KEYS = ['KeyW', 'KeyA', 'KeyS', 'KeyD', 'Space', 'ShiftLeft', 'ShiftRight', 'ControlLeft', 'ControlRight', 'KeyQ'] as const;

export class FlyControls {
  readonly pointerLock: PointerLockControls;
  readonly options: FlyOptions;
  private readonly pressed = new Set<string>();
  private readonly velocity = new THREE.Vector3();
  private readonly target = new THREE.Vector3();
  private readonly forward = new THREE.Vector3();
  private readonly right = new THREE.Vector3();
  private disposed = false;

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (!this.pointerLock.isLocked) return;
    if ((KEYS as readonly string[]).includes(e.code)) {
      this.pressed.add(e.code);
      e.preventDefault();
    }
  };
  private readonly onKeyUp = (e: KeyboardEvent) => {
    this.pressed.delete(e.code);
  };
  private readonly onBlur = () => this.pressed.clear();
  private readonly onWheel = (e: WheelEvent) => {
    if (!this.pointerLock.isLocked) return;
    e.preventDefault();
    const factor = Math.pow(1.15, -Math.sign(e.deltaY));
    this.options.speed = Math.min(this.options.maxSpeed, Math.max(this.options.minSpeed, this.options.speed * factor));
  };

  constructor(camera: THREE.Camera, private readonly domElement: HTMLElement, options: Partial<FlyOptions> = {}) {
    this.options = { ...DEFAULT_FLY_OPTIONS, ...options };
    this.pointerLock = new PointerLockControls(camera, domElement);
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('keyup', this.onKeyUp);
    window.addEventListener('blur', this.onBlur);
    domElement.addEventListener('wheel', this.onWheel, { passive: false });
    this.pointerLock.addEventListener('unlock', this.onBlur);
  }

  get sprinting(): boolean {
    return this.pressed.has('ControlLeft') || this.pressed.has('ControlRight') || this.pressed.has('KeyQ');
  }

  /** Advances the camera by dt seconds. */
  update(dt: number): void {
    const camera = this.pointerLock.object;
    const k = (code: string) => (this.pressed.has(code) ? 1 : 0);
    camera.getWorldDirection(this.forward);
    this.forward.y = 0;
    if (this.forward.lengthSq() < 1e-8) this.forward.set(0, 0, -1);
    this.forward.normalize();
    this.right.set(-this.forward.z, 0, this.forward.x);
    const speed = this.options.speed * (this.sprinting ? this.options.sprintFactor : 1);
    this.target
      .set(0, 0, 0)
      .addScaledVector(this.forward, k('KeyW') - k('KeyS'))
      .addScaledVector(this.right, k('KeyD') - k('KeyA'));
    this.target.y = k('Space') - Math.max(k('ShiftLeft'), k('ShiftRight'));
    if (this.target.lengthSq() > 1) this.target.normalize();
    this.target.multiplyScalar(speed);
    const blend = 1 - Math.exp(-this.options.responsiveness * dt);
    this.velocity.lerp(this.target, blend);
    if (this.velocity.lengthSq() < 1e-6 && this.target.lengthSq() === 0) this.velocity.set(0, 0, 0);
    camera.position.addScaledVector(this.velocity, dt);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('keyup', this.onKeyUp);
    window.removeEventListener('blur', this.onBlur);
    this.domElement.removeEventListener('wheel', this.onWheel);
    this.pointerLock.removeEventListener('unlock', this.onBlur);
    this.pointerLock.dispose();
  }
}
