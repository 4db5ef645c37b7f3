/** The outline around the block the player is aiming at. */
import * as THREE from 'three';

export class SelectionBox {
  readonly object: THREE.LineSegments;
  private disposed = false;

  constructor() {
    // Slightly larger than a block so the lines are not hidden inside its faces.
    const box = new THREE.BoxGeometry(1.004, 1.004, 1.004);
    const geometry = new THREE.EdgesGeometry(box);
    box.dispose();
    const material = new THREE.LineBasicMaterial({ color: 0x101010, transparent: true, opacity: 0.8, fog: false });
    this.object = new THREE.LineSegments(geometry, material);
    this.object.name = 'selection';
    this.object.visible = false;
    this.object.renderOrder = 1;
  }

  /** Outlines block (x, y, z), or hides the outline with null. */
  show(block: { x: number; y: number; z: number } | null): void {
    this.object.visible = block !== null;
    if (block) this.object.position.set(block.x + 0.5, block.y + 0.5, block.z + 0.5);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.object.geometry.dispose();
    (this.object.material as THREE.Material).dispose();
  }
}
