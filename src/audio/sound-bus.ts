/**
 * The one AudioContext and the master bus every sound goes through:
 *
 *   voices ─┐
 *           ├─> lowpass (muffles under water) ─> master gain (volume, mute, hidden tab) ─> speakers
 *   beds  ──┘
 *
 * The context is made only by `start`, which the caller runs inside a user gesture: a context
 * made earlier starts suspended and Chrome warns about autoplay in the console. One second of
 * white noise is made once and every noise sound plays a slice of it, and at most
 * `maxVoices` one-shots sound at once (a new one past that is dropped), so synthesis stays cheap.
 */

export interface SoundBusOptions {
  /** One-shots sounding at once at most. */
  maxVoices: number;
  /** The lowpass's cutoff in Hz when clear, and when muffled (eye under water). */
  clearCutoff: number;
  muffledCutoff: number;
  /** Seconds the master gain and the cutoff take to follow a change (no clicks). */
  ramp: number;
}

export const DEFAULT_SOUND_BUS_OPTIONS: Readonly<SoundBusOptions> = Object.freeze({ maxVoices: 12, clearCutoff: 20000, muffledCutoff: 600, ramp: 0.05 });

export class SoundBus {
  readonly options: SoundBusOptions;
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  private lowpass: BiquadFilterNode | null = null;
  private noiseBuffer: AudioBuffer | null = null;
  private voices = 0;
  private gain = 1;
  private muffled = false;
  /** The page is hidden: silent whatever the volume. */
  private hidden = false;
  /** Making the context failed: no more tries. */
  private unavailable = false;
  private disposed = false;

  constructor(options: Partial<SoundBusOptions> = {}) {
    this.options = { ...DEFAULT_SOUND_BUS_OPTIONS, ...options };
  }

  /** Sounds can play: the context exists and runs. */
  get running(): boolean {
    return this.context?.state === 'running' && !this.hidden;
  }

  /** Starting can never succeed (no Web Audio, or the bus disposed): stop asking. */
  get givenUp(): boolean {
    return this.unavailable || this.disposed;
  }

  /** Makes the context, or resumes it; call from a user gesture. Resolves true once it runs. */
  async start(): Promise<boolean> {
    if (this.disposed || this.unavailable) return false;
    if (!this.context) {
      try {
        this.build(new AudioContext());
      } catch (e) {
        // No Web Audio here (or it refused): the game plays on, silent, and says so once.
        this.unavailable = true;
        console.warn(`Sound is off: this browser gave no audio (${e instanceof Error ? e.message : String(e)}).`);
        return false;
      }
    }
    if (this.hidden || this.context!.state === 'running') return this.context!.state === 'running';
    try {
      await this.context!.resume();
    } catch {
      return false;
    }
    return this.context !== null && this.running;
  }

  private build(context: AudioContext): void {
    this.context = context;
    this.lowpass = context.createBiquadFilter();
    this.lowpass.type = 'lowpass';
    this.lowpass.frequency.value = this.muffled ? this.options.muffledCutoff : this.options.clearCutoff;
    this.master = context.createGain();
    this.master.gain.value = this.hidden ? 0 : this.gain;
    this.lowpass.connect(this.master).connect(context.destination);
    // White noise, made once: Math.random is fine for sound (it is no input to the world).
    const buffer = context.createBuffer(1, context.sampleRate, context.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    this.noiseBuffer = buffer;
  }

  /** The master gain (0..1: volume and mute, see masterGainOf). */
  setGain(gain: number): void {
    this.gain = gain;
    this.rampMaster();
  }

  /** Muffled (under water) or clear. */
  setMuffled(on: boolean): void {
    if (on === this.muffled) return;
    this.muffled = on;
    if (!this.context || !this.lowpass) return;
    this.lowpass.frequency.setTargetAtTime(on ? this.options.muffledCutoff : this.options.clearCutoff, this.context.currentTime, this.options.ramp);
  }

  /** The page hid or showed: a hidden tab is silent, and its context suspended to spare the CPU. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    this.rampMaster();
    if (!this.context) return;
    if (hidden) void this.context.suspend().catch(() => undefined);
    else void this.context.resume().catch(() => undefined);
  }

  private rampMaster(): void {
    if (!this.context || !this.master) return;
    this.master.gain.setTargetAtTime(this.hidden ? 0 : this.gain, this.context.currentTime, this.options.ramp);
  }

  /**
   * A voice for a one-shot of `seconds`: its start time and the node to connect into, or null
   * when sounds cannot play now or `maxVoices` already sound. The voice frees itself.
   */
  voice(seconds: number): { context: AudioContext; at: number; out: AudioNode; noise: AudioBuffer } | null {
    if (!this.running || this.voices >= this.options.maxVoices) return null;
    const context = this.context!;
    this.voices++;
    // Counted by time, not by onended: a voice is several sources, and the longest decides.
    setTimeout(() => this.voices--, (seconds + 0.05) * 1000);
    return { context, at: context.currentTime, out: this.lowpass!, noise: this.noiseBuffer! };
  }

  /** For a looping bed (ambience): the context, the input and the noise, once started. */
  bed(): { context: AudioContext; out: AudioNode; noise: AudioBuffer } | null {
    if (!this.context || !this.lowpass || !this.noiseBuffer) return null;
    return { context: this.context, out: this.lowpass, noise: this.noiseBuffer };
  }

  /** Closes the context. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const context = this.context;
    this.context = null;
    if (context) void context.close().catch(() => undefined);
  }
}
