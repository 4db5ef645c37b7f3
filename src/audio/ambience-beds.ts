/**
 * The looping beds of ambience: quiet wind above ground (noise through a lowpass whose cutoff
 * drifts slowly, so it gusts) and a cave's low hum and air below (noise through a narrow
 * low bandpass). Both loop the bus's noise buffer; `set` crossfades them over a second or two.
 */
import type { Ambience } from './ambience-choice';
import type { SoundBus } from './sound-bus';

export interface AmbienceBedsOptions {
  /** Peak gain of each bed (quiet: the world's sounds sit on top). */
  windGain: number;
  caveGain: number;
  /** Time constant of the crossfade, in seconds. */
  fade: number;
}

export const DEFAULT_AMBIENCE_BEDS_OPTIONS: Readonly<AmbienceBedsOptions> = Object.freeze({ windGain: 0.06, caveGain: 0.09, fade: 0.8 });

interface Bed {
  source: AudioBufferSourceNode;
  gain: GainNode;
  /** What drifts the filter (wind gusts): stopped with the bed. */
  lfo: OscillatorNode;
}

export class AmbienceBeds {
  readonly options: AmbienceBedsOptions;
  private wind: Bed | null = null;
  private cave: Bed | null = null;
  private current: Ambience | null = null;
  private disposed = false;

  constructor(
    private readonly bus: SoundBus,
    options: Partial<AmbienceBedsOptions> = {},
  ) {
    this.options = { ...DEFAULT_AMBIENCE_BEDS_OPTIONS, ...options };
  }

  /** Which bed plays (the other fades out); nothing until the bus has started. */
  set(ambience: Ambience): void {
    if (this.disposed) return;
    const bed = this.bus.bed();
    if (!bed) return;
    if (!this.wind) this.wind = this.make(bed, 'lowpass', 500, 0.7, 350, 0.08);
    if (!this.cave) this.cave = this.make(bed, 'bandpass', 140, 4, 30, 0.05);
    if (ambience === this.current) return;
    this.current = ambience;
    const at = bed.context.currentTime;
    this.wind.gain.gain.setTargetAtTime(ambience === 'wind' ? this.options.windGain : 0, at, this.options.fade);
    this.cave.gain.gain.setTargetAtTime(ambience === 'cave' ? this.options.caveGain : 0, at, this.options.fade);
  }

  /** The bed playing, once one does. */
  get playing(): Ambience | null {
    return this.current;
  }

  private make(bed: NonNullable<ReturnType<SoundBus['bed']>>, type: BiquadFilterType, freq: number, q: number, drift: number, driftHz: number): Bed {
    const { context } = bed;
    const source = context.createBufferSource();
    source.buffer = bed.noise;
    source.loop = true;
    const filter = context.createBiquadFilter();
    filter.type = type;
    filter.frequency.value = freq;
    filter.Q.value = q;
    // A slow oscillator moves the cutoff: gusts of wind, the breathing of a cave.
    const lfo = context.createOscillator();
    lfo.frequency.value = driftHz;
    const depth = context.createGain();
    depth.gain.value = drift;
    lfo.connect(depth).connect(filter.frequency);
    const gain = context.createGain();
    gain.gain.value = 0;
    source.connect(filter).connect(gain).connect(bed.out);
    source.start();
    lfo.start();
    return { source, gain, lfo };
  }

  /** Stops both beds. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const bed of [this.wind, this.cave]) {
      if (!bed) continue;
      try {
        bed.source.stop();
        bed.lfo.stop();
      } catch {
        // Already stopped, or its context closed.
      }
    }
    this.wind = this.cave = null;
  }
}
