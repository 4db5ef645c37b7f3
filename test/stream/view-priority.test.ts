/** isInView: the horizontal view cone used to load what the player looks at first. */
import { describe, expect, it } from 'vitest';
import { isInView, type ViewCone } from '../../src/stream';

/** Camera at the centre of column (0, 0), looking along (dirX, dirZ). */
function cone(dirX: number, dirZ: number, cosHalfAngle = 0.5): ViewCone {
  return { x: 0.5, z: 0.5, dirX, dirZ, cosHalfAngle };
}

describe('isInView', () => {
  it('a column straight ahead is in view, one straight behind is not', () => {
    const c = cone(1, 0);
    expect(isInView(c, 5, 0)).toBe(true);
    expect(isInView(c, -5, 0)).toBe(false);
  });

  it('the half angle bounds the cone (cos 0.5 = 60°)', () => {
    const c = cone(1, 0, 0.5);
    // 45° off axis: inside; 90° and 63.4° (atan 2): outside.
    expect(isInView(c, 5, 5)).toBe(true);
    expect(isInView(c, 5, -5)).toBe(true);
    expect(isInView(c, 0, 5)).toBe(false);
    expect(isInView(c, 3, 6)).toBe(false);
    expect(isInView(c, 3, -6)).toBe(false);
  });

  it('the direction need not be normalised', () => {
    for (let cz = -6; cz <= 6; cz++) {
      for (let cx = -6; cx <= 6; cx++) {
        expect(isInView(cone(10, 0), cx, cz)).toBe(isInView(cone(1, 0), cx, cz));
        expect(isInView(cone(0, -0.01), cx, cz)).toBe(isInView(cone(0, -1), cx, cz));
      }
    }
  });

  it('matches the angle computed with trigonometry', () => {
    const dirs: [number, number][] = [[1, 0], [0, 1], [-1, 0.3], [0.6, -0.8], [-2, -2]];
    for (const [dx, dz] of dirs) {
      for (const cos of [0.9, 0.5, 0, -0.3]) {
        const c = cone(dx, dz, cos);
        const half = Math.acos(cos);
        for (let cz = -8; cz <= 8; cz++) {
          for (let cx = -8; cx <= 8; cx++) {
            const vx = cx;
            const vz = cz;
            if (vx * vx + vz * vz <= 2.25) continue;
            const angle = Math.abs(Math.atan2(dx * vz - dz * vx, dx * vx + dz * vz));
            if (Math.abs(angle - half) < 1e-9) continue; // on the edge: either answer is fine
            expect(isInView(c, cx, cz), `dir ${dx},${dz} cos ${cos} col ${cx},${cz}`).toBe(angle <= half);
          }
        }
      }
    }
  });

  it('a wide cone (negative cosine) includes the sides but not straight behind', () => {
    const c = cone(1, 0, -0.5); // 120° half angle
    expect(isInView(c, 0, 6)).toBe(true);
    expect(isInView(c, -3, 6)).toBe(true); // 116.6°
    expect(isInView(c, -6, 3)).toBe(false); // 153.4°
    expect(isInView(c, -6, 0)).toBe(false);
  });

  it('direction (0, 0) means looking straight down: everything is in view', () => {
    const c = cone(0, 0, 0.9);
    for (const [cx, cz] of [[10, 0], [-10, 0], [0, -10], [7, 7]] as const) expect(isInView(c, cx, cz)).toBe(true);
  });

  it('columns within 1.5 columns of the camera always count as in view', () => {
    const c = cone(1, 0, 0.99);
    // The camera's own column and its eight neighbours, even behind.
    for (let cz = -1; cz <= 1; cz++) for (let cx = -1; cx <= 1; cx++) expect(isInView(c, cx, cz)).toBe(true);
    // Two columns behind is not close.
    expect(isInView(c, -2, 0)).toBe(false);
  });

  it('uses the fractional camera position', () => {
    // Camera near the east edge of column 0, looking west: column 3 is behind it.
    const c: ViewCone = { x: 0.95, z: 0.5, dirX: -1, dirZ: 0, cosHalfAngle: 0.5 };
    expect(isInView(c, 3, 0)).toBe(false);
    // Camera at x = 2.9 looking west sees column 0 (2.4 columns ahead).
    expect(isInView({ ...c, x: 2.9 }, 0, 0)).toBe(true);
    expect(isInView({ ...c, x: 2.9, dirX: 1 }, 0, 0)).toBe(false);
  });
});
