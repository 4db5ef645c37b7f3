/**
 * When a splash sounds: as the body enters water after some time out of it, so bobbing at the
 * surface (in and out of the water cells every few frames) is one splash, not a run of them,
 * and a player who starts in a lake hears none. Pure (the caller passes dt), so Node tests it.
 */

export class WaterEntry {
  /** Seconds out of water (none at start). */
  private dryFor = 0;

  constructor(
    /** Seconds out of water before entering it splashes again. */
    private readonly rest = 0.6,
  ) {}

  /** One frame of `dt` seconds, the body `inWater` or not: true when a splash sounds now. */
  update(dt: number, inWater: boolean): boolean {
    if (!inWater) {
      if (Number.isFinite(dt) && dt > 0) this.dryFor += dt;
      return false;
    }
    const splash = this.dryFor >= this.rest;
    this.dryFor = 0;
    return splash;
  }
}
