/**
 * The sounds themselves, synthesized: each is a burst of the bus's noise through a filter, and
 * for some a short oscillator tone, both under a fast attack and an exponential decay. A
 * material (src/world/block-sounds.ts) picks the filter and the tone; a step, a break and a
 * place play the same material at different lengths and loudness.
 */
import type { SoundMaterial } from '../world/block-sounds';
import type { SoundBus } from './sound-bus';

/** What one material sounds like: a filtered noise burst, maybe a tone, maybe several grains (a crunch). */
interface MaterialVoice {
  filter: BiquadFilterType;
  /** Filter frequency (Hz) and Q. */
  freq: number;
  q: number;
  /** Seconds the noise takes to fade at a step. */
  decay: number;
  gain: number;
  /** A knock or ring under the noise: oscillator type, start and end frequency (Hz). */
  tone?: { type: OscillatorType; freq: number; end: number; gain: number };
  /** Noise bursts in a row, for crunchy materials (gravel, snow). */
  grains?: number;
}

const VOICES: Readonly<Record<SoundMaterial, MaterialVoice | null>> = {
  none: null,
  grass: { filter: 'bandpass', freq: 2600, q: 0.8, decay: 0.09, gain: 0.5 },
  dirt: { filter: 'lowpass', freq: 900, q: 0.7, decay: 0.08, gain: 0.8 },
  sand: { filter: 'highpass', freq: 3200, q: 0.5, decay: 0.12, gain: 0.22 },
  gravel: { filter: 'bandpass', freq: 1800, q: 1.5, decay: 0.05, gain: 0.8, grains: 3 },
  stone: { filter: 'bandpass', freq: 1300, q: 3, decay: 0.05, gain: 0.8, tone: { type: 'triangle', freq: 190, end: 140, gain: 0.25 } },
  wood: { filter: 'bandpass', freq: 700, q: 2, decay: 0.04, gain: 0.5, tone: { type: 'triangle', freq: 240, end: 170, gain: 0.5 } },
  snow: { filter: 'lowpass', freq: 2400, q: 0.7, decay: 0.06, gain: 0.4, grains: 2 },
  leaves: { filter: 'bandpass', freq: 3600, q: 0.7, decay: 0.12, gain: 0.45 },
  glass: { filter: 'highpass', freq: 4000, q: 0.7, decay: 0.05, gain: 0.25, tone: { type: 'sine', freq: 1900, end: 1700, gain: 0.12 } },
  cloth: { filter: 'lowpass', freq: 500, q: 0.5, decay: 0.1, gain: 0.6 },
  water: { filter: 'lowpass', freq: 800, q: 0.7, decay: 0.15, gain: 0.5, tone: { type: 'sine', freq: 350, end: 800, gain: 0.2 } },
};

/** How a kind of sound plays a material: the decay stretched, the loudness, the pitch. */
const KINDS = {
  step: { stretch: 1, gain: 0.35, pitch: 1 },
  break: { stretch: 2.4, gain: 0.8, pitch: 0.8 },
  place: { stretch: 1.3, gain: 0.7, pitch: 1.1 },
} as const;

export type MaterialSoundKind = keyof typeof KINDS;

/** Plays `kind` of `material` now; false when it could not (not started, hidden, too many voices, a silent material). */
export function playMaterial(bus: SoundBus, kind: MaterialSoundKind, material: SoundMaterial): boolean {
  const v = VOICES[material];
  if (!v) return false;
  const k = KINDS[kind];
  const decay = v.decay * k.stretch;
  const grains = v.grains ?? 1;
  const seconds = decay * 5 * grains;
  const voice = bus.voice(seconds);
  if (!voice) return false;
  // A little random pitch, as every game does, so a run of steps is not one sample repeated.
  const pitch = k.pitch * (0.9 + Math.random() * 0.2);
  for (let g = 0; g < grains; g++) {
    noiseBurst(voice, voice.at + g * decay * 1.6, { filter: v.filter, freq: v.freq * pitch, q: v.q, decay, gain: v.gain * k.gain * (1 - g * 0.2) });
  }
  if (v.tone) tone(voice, voice.at, { type: v.tone.type, freq: v.tone.freq * pitch, end: v.tone.end * pitch, decay: decay * 1.5, gain: v.tone.gain * k.gain });
  return true;
}

/** A body falling into water: a wide rush of noise sweeping down, and a bubble rising under it. */
export function playSplash(bus: SoundBus, strength: number): boolean {
  const voice = bus.voice(0.9);
  if (!voice) return false;
  const s = Math.min(1, Math.max(0.3, strength));
  const source = noiseSource(voice);
  const filter = voice.context.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.setValueAtTime(3500, voice.at);
  filter.frequency.exponentialRampToValueAtTime(300, voice.at + 0.6);
  const gain = envelope(voice, voice.at, 0.01, 0.25, 0.9 * s);
  source.connect(filter).connect(gain).connect(voice.out);
  source.start(voice.at, Math.random() * 0.3, 0.8);
  tone(voice, voice.at + 0.05, { type: 'sine', freq: 300, end: 900, decay: 0.08, gain: 0.25 * s });
  return true;
}

interface Voice {
  context: AudioContext;
  out: AudioNode;
  noise: AudioBuffer;
}

/** A gain node rising over `attack` seconds from `at`, then falling with time constant `decay`. */
function envelope(voice: Voice, at: number, attack: number, decay: number, peak: number): GainNode {
  const gain = voice.context.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(peak, at + attack);
  gain.gain.setTargetAtTime(0, at + attack, decay);
  return gain;
}

function noiseSource(voice: Voice): AudioBufferSourceNode {
  const source = voice.context.createBufferSource();
  source.buffer = voice.noise;
  return source;
}

function noiseBurst(voice: Voice, at: number, p: { filter: BiquadFilterType; freq: number; q: number; decay: number; gain: number }): void {
  const source = noiseSource(voice);
  const filter = voice.context.createBiquadFilter();
  filter.type = p.filter;
  filter.frequency.value = p.freq;
  filter.Q.value = p.q;
  source.connect(filter).connect(envelope(voice, at, 0.004, p.decay, p.gain)).connect(voice.out);
  // A random slice of the one noise buffer: every burst differs without new noise being made.
  source.start(at, Math.random() * 0.5, p.decay * 6);
}

function tone(voice: Voice, at: number, p: { type: OscillatorType; freq: number; end: number; decay: number; gain: number }): void {
  const osc = voice.context.createOscillator();
  osc.type = p.type;
  osc.frequency.setValueAtTime(p.freq, at);
  osc.frequency.exponentialRampToValueAtTime(p.end, at + p.decay * 2);
  osc.connect(envelope(voice, at, 0.003, p.decay, p.gain)).connect(voice.out);
  osc.start(at);
  osc.stop(at + p.decay * 6);
}
