import { element, icon } from './dom';
import { encodeWav } from './wav-encoder';

/**
 * Push-to-talk (EnablePushToTalk): press the microphone button to start recording, press it
 * again to send, Escape to throw the recording away. A toggle rather than hold-to-talk: it
 * works the same with a mouse, a finger, Enter or Space and a screen reader, and nobody has
 * to keep a key held down while speaking. The recording is decoded and sent as one WAV file
 * (16 kHz, 16-bit mono: wav-encoder.ts), the one audio format ClientAsk takes.
 */

/** Speech needs no more; it keeps a minute's recording under 2 MB. */
export const RECORDING_SAMPLE_RATE = 16_000;
/** A recording stops and is sent by itself after this long. */
export const MAX_RECORDING_SECONDS = 60;

const MIC_ICON = 'M12 15a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-2.1a7 7 0 0 0 6-6.9z';
const STOP_ICON = 'M7 7h10v10H7z';

/** What the visitor reads when the microphone cannot be used, by the browser's reason. */
export function microphoneRefusal(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return "The microphone is blocked for this page. Allow it in your browser's site settings to ask by voice, or type your question.";
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found. Connect one to ask by voice, or type your question.';
  if (name === 'NotReadableError') return 'The microphone is in use by another program. Close it to ask by voice, or type your question.';
  if (name === 'NotSupportedError') return 'This browser cannot record here (voice questions need a secure https page). Please type your question.';
  return 'The recording could not be made. Please try again, or type your question.';
}

interface Recording {
  /** Stops and resolves with the WAV of what was said. */
  finish(): Promise<Blob>;
  /** Stops and forgets. */
  cancel(): void;
}

async function startRecording(): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder !== 'function' || typeof OfflineAudioContext !== 'function') {
    throw new DOMException('No recording here', 'NotSupportedError');
  }
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  const release = () => {
    if (recorder.state !== 'inactive') recorder.stop();
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start();
  return {
    async finish() {
      release();
      await stopped;
      // The browser records in its own codec (Opus, AAC); decoding at 16 kHz gives the samples.
      const encoded = await new Blob(chunks, { type: recorder.mimeType }).arrayBuffer();
      const audio = await new OfflineAudioContext(1, 1, RECORDING_SAMPLE_RATE).decodeAudioData(encoded);
      const channels = Array.from({ length: audio.numberOfChannels }, (_, index) => audio.getChannelData(index));
      return new Blob([encodeWav(channels, audio.sampleRate)], { type: 'audio/wav' });
    },
    cancel: release,
  };
}

export interface PushToTalk {
  button: HTMLButtonElement;
  /** Throws a recording away; false when none was under way. */
  cancel(): boolean;
}

/**
 * The microphone button. `say` speaks to the visitor (the composer's status line); `send`
 * takes the finished recording.
 */
export function pushToTalk(say: (message: string) => void, send: (wav: Blob) => void): PushToTalk {
  const button = element('button', { type: 'button', class: 'mic', 'aria-pressed': 'false' });
  let recording: Recording | null = null;
  let starting = false;
  let limit: ReturnType<typeof setTimeout> | undefined;

  function show(recordingNow: boolean): void {
    button.setAttribute('aria-pressed', String(recordingNow));
    button.setAttribute('aria-label', recordingNow ? 'Stop recording and send' : 'Record a voice question');
    button.title = button.getAttribute('aria-label')!;
    button.replaceChildren(icon(recordingNow ? STOP_ICON : MIC_ICON));
  }

  function end(): Recording | null {
    clearTimeout(limit);
    const ended = recording;
    recording = null;
    show(false);
    return ended;
  }

  async function finish(): Promise<void> {
    const ended = end();
    if (!ended) return;
    say('Sending your voice question');
    try {
      send(await ended.finish());
    } catch (error) {
      say(microphoneRefusal(error));
    }
  }

  async function start(): Promise<void> {
    starting = true;
    try {
      recording = await startRecording();
      show(true);
      say(`Recording. Press the microphone again to send, or Escape to cancel. It stops by itself after ${MAX_RECORDING_SECONDS} seconds.`);
      limit = setTimeout(() => void finish(), MAX_RECORDING_SECONDS * 1000);
    } catch (error) {
      say(microphoneRefusal(error));
    } finally {
      starting = false;
    }
  }

  button.addEventListener('click', () => {
    if (starting) return;
    if (recording) void finish();
    else void start();
  });
  show(false);

  return {
    button,
    cancel() {
      const ended = end();
      if (!ended) return false;
      ended.cancel();
      say('Recording cancelled');
      return true;
    },
  };
}
