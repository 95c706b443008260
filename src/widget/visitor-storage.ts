/**
 * What the widget keeps in the visitor's browser, per chatbot, on the host page's origin:
 * - the transcript and the visitor session: in sessionStorage when the chatbot says
 *   RemoveChatLogOnBrowserClose (gone when the browser closes), else in localStorage (kept);
 *   switching the setting moves nothing over and clears the other place, so a log meant to
 *   vanish is never left behind in localStorage;
 * - whether the window has popped open by itself (ChatbotPopupOnce): always localStorage,
 *   since "once" means once per visitor, not once per browser session.
 * A browser that refuses storage (private modes, blocked cookies) gets a memory stand-in:
 * the widget still works, it just forgets on reload.
 */

export interface TranscriptMessage {
  role: 'visitor' | 'bot' | 'notice';
  text: string;
  /** Epoch ms. */
  at: number;
  /** What a visitor's question carried: names only, the bytes stay on the service. */
  files?: AttachedFile[];
}

export interface AttachedFile {
  name: string;
  kind: 'Image' | 'Audio';
}

export interface Transcript {
  sessionId: number;
  visitorToken: string;
  messages: TranscriptMessage[];
}

export interface StorageRules {
  RemoveChatLogOnBrowserClose: boolean;
  ChatbotPopupOnce: boolean;
}

export interface StoragePlaces {
  local: Storage | null;
  session: Storage | null;
}

const PREFIX = 'realty-bot-widget';
export const transcriptKey = (chatbotId: string) => `${PREFIX}:${chatbotId}:transcript`;
export const poppedKey = (chatbotId: string) => `${PREFIX}:${chatbotId}:popped`;

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

/**
 * The browser's two storages, each null when reading it throws (blocked by the browser). Each
 * is probed when first used, not at once: the first touch of a storage costs the page 10-30 ms
 * at 4x CPU, and the launcher needs none (bench: widget).
 */
export function browserStorages(window: Window): StoragePlaces {
  const probe = (read: () => Storage): Storage | null => {
    try {
      const storage = read();
      storage.getItem(PREFIX);
      return storage;
    } catch {
      return null;
    }
  };
  const probed: Partial<Record<keyof StoragePlaces, Storage | null>> = {};
  return {
    get local() {
      if (!('local' in probed)) probed.local = probe(() => window.localStorage);
      return probed.local!;
    },
    get session() {
      if (!('session' in probed)) probed.session = probe(() => window.sessionStorage);
      return probed.session!;
    },
  };
}

function isTranscript(value: unknown): value is Transcript {
  if (typeof value !== 'object' || value === null) return false;
  const { sessionId, visitorToken, messages } = value as Partial<Transcript>;
  return (
    Number.isInteger(sessionId) &&
    typeof visitorToken === 'string' &&
    Array.isArray(messages) &&
    messages.every((message) => typeof message?.text === 'string' && typeof message.at === 'number' && ['visitor', 'bot', 'notice'].includes(message.role))
  );
}

export class VisitorStorage {
  private readonly fallback = memoryStorage();

  constructor(
    private readonly chatbotId: string,
    private readonly places: StoragePlaces,
  ) {}

  private transcriptPlace(rules: StorageRules): { keep: Storage; clear: Storage | null } {
    const { local, session } = this.places;
    return rules.RemoveChatLogOnBrowserClose ? { keep: session ?? this.fallback, clear: local } : { keep: local ?? this.fallback, clear: session };
  }

  private attempt(work: () => void): void {
    try {
      work();
    } catch {
      // Full or blocked storage: the conversation goes on, unsaved.
    }
  }

  loadTranscript(rules: StorageRules): Transcript | null {
    const { keep, clear } = this.transcriptPlace(rules);
    this.attempt(() => clear?.removeItem(transcriptKey(this.chatbotId)));
    try {
      const value: unknown = JSON.parse(keep.getItem(transcriptKey(this.chatbotId)) ?? 'null');
      return isTranscript(value) ? value : null;
    } catch {
      return null;
    }
  }

  saveTranscript(rules: StorageRules, transcript: Transcript): void {
    const { keep } = this.transcriptPlace(rules);
    this.attempt(() => keep.setItem(transcriptKey(this.chatbotId), JSON.stringify(transcript)));
  }

  /** True the first time it is asked for a chatbot with ChatbotPopupOnce on, and never again for this visitor. */
  takePopup(rules: StorageRules): boolean {
    if (!rules.ChatbotPopupOnce) return false;
    const place = this.places.local ?? this.fallback;
    if (place.getItem(poppedKey(this.chatbotId)) !== null) return false;
    this.attempt(() => place.setItem(poppedKey(this.chatbotId), '1'));
    return true;
  }
}
