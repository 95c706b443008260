import { CHAT_BUBBLE_ALIGN } from '../api/contract/chat-bubble-align';
import type { VisitorSession, VisitorSettings } from '../api/contract/widget';
import { imageAttachments, type OutgoingFile } from './attachments';
import { element, icon } from './dom';
import { timeFormatter } from './format-time';
import { colourPair } from './readable-colors';
import { renderMarkdown, safeHref } from './safe-markdown';
import { pushToTalk } from './push-to-talk';
import { isLostSession, WidgetAnswerError, type WidgetTransport } from './visitor-client';
import type { AttachedFile, Transcript, TranscriptMessage, VisitorStorage } from './visitor-storage';
import { LAUNCHER_CSS, WINDOW_CSS } from './widget-styles';

/**
 * The chat widget as a visitor sees it, drawn in a shadow root from the chatbot's
 * visitor-facing settings: launcher, window, transcript, suggested questions, privacy notice,
 * "Talk to a human", social links. It knows nothing of where it runs: the embedding script
 * (main.ts) hands it the public service, a settings preview could hand it another transport.
 * Text from the bot, the visitor or the settings only ever becomes text nodes (safe-markdown.ts).
 */

export interface WidgetOptions {
  transport: WidgetTransport;
  storage: VisitorStorage;
  /** Resolves the settings' picture addresses (relative to the service). */
  serviceOrigin: string;
  /** 'page': fixed to the viewport (embedded); 'frame': inside the host element (a preview). */
  placement?: 'page' | 'frame';
  /** Force a colour scheme (a preview follows the console's); by default the visitor's system. */
  scheme?: 'light' | 'dark';
  /** Start with the window open, without moving focus into it (a preview shows it at once); no popup then. */
  startOpen?: boolean;
  now?: () => number;
}

export interface MountedWidget {
  update(settings: VisitorSettings): void;
  open(): void;
  close(): void;
  destroy(): void;
}

const FALLBACK_BUBBLE = 'rgb(34,139,230)';
const FALLBACK_USER = 'rgb(255,255,255)';
const CHAT_ICON = 'M4 4h16v12H7l-3 3z';
const SEND_ICON = 'M3 20l18-8L3 4v6l12 2-12 2z';

/** The files a question carries: several images, or one recording (interface 4.2). */
interface OutgoingMedia {
  kind: 'Image' | 'Audio';
  files: OutgoingFile[];
}

function listOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Adds style sheets to the shadow root, one at a time, as the parts they style are built. */
function styleSheets(shadow: ShadowRoot): (css: string) => void {
  // A constructed sheet is not subject to the host page's style-src policy; a <style> is the fallback.
  const constructable = 'adoptedStyleSheets' in shadow && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype;
  return (css) => {
    if (!constructable) {
      shadow.prepend(element('style', {}, css));
      return;
    }
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
  };
}

/** Runs `work` once the page is idle (or soon, where idle callbacks do not exist). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

/**
 * Keeps the message field as tall as its text, up to its max-height, where CSS
 * `field-sizing: content` is missing (Firefox, older Safari: there a long placeholder stays cut);
 * returns the refit to call after code changes the text. Where the CSS works, it does nothing.
 */
export function growWithText(field: HTMLTextAreaElement): () => void {
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content')) return () => {};
  const fit = () => {
    field.style.height = 'auto';
    // The border too: the field is sized border-box.
    field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
  };
  field.addEventListener('input', fit);
  return fit;
}

/**
 * Draws the launcher at once; the window (its elements, its styles, the transcript, the
 * time formatter) is built when the page is idle, or at once when it opens first, so the
 * launcher appears as soon as the settings arrive (bench: widget).
 */
export function mountWidget(host: HTMLElement, initial: VisitorSettings, options: WidgetOptions): MountedWidget {
  const { transport, storage, serviceOrigin, placement = 'page', now = Date.now } = options;
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  shadow.replaceChildren();
  const addStyles = styleSheets(shadow);
  addStyles(LAUNCHER_CSS);

  let settings = initial;
  const root = shadow.appendChild(element('div', { class: 'root', 'data-placement': placement }));
  if (options.scheme) root.dataset.scheme = options.scheme;
  const launcher = root.appendChild(element('button', { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-controls': 'window' }));
  let chatWindow: ChatWindow | null = null;
  let destroyed = false;

  function pictureUrl(path: string): string {
    return path === '' ? '' : new URL(path, serviceOrigin).href;
  }

  function applyLauncher(): void {
    const bubble = colourPair(settings.ChatBubbleColor, FALLBACK_BUBBLE);
    const user = colourPair(settings.UserMessageColor, FALLBACK_USER);
    root.style.setProperty('--bubble', bubble.background);
    root.style.setProperty('--bubble-text', bubble.text);
    root.style.setProperty('--user', user.background);
    root.style.setProperty('--user-text', user.text);
    root.dataset.side = settings.ChatBubbleAlign === CHAT_BUBBLE_ALIGN.left ? 'left' : 'right';
    launcher.setAttribute('aria-label', `Chat with ${settings.Name.trim() || 'Chat'}`);
    const iconUrl = pictureUrl(settings.ChatIconUrl);
    launcher.replaceChildren(iconUrl ? element('img', { src: iconUrl, alt: '' }) : icon(CHAT_ICON));
  }

  function theWindow(): ChatWindow {
    if (!chatWindow) {
      addStyles(WINDOW_CSS);
      chatWindow = buildWindow();
    }
    return chatWindow;
  }

  function setOpen(open: boolean, focus = true): void {
    if (!open && !chatWindow) return;
    theWindow().setOpen(open, focus);
    launcher.setAttribute('aria-expanded', String(open));
  }

  interface ChatWindow {
    apply(): void;
    setOpen(open: boolean, focus: boolean): void;
  }

  function buildWindow(): ChatWindow {
    let transcript: Transcript | null = storage.loadTranscript(settings);
    let messages: TranscriptMessage[] = transcript?.messages ?? [];
    let pending = false;
    let formatTime = timeFormatter(settings.TimeZone);

    const panel = element('section', { class: 'window', id: 'window', role: 'dialog', 'aria-labelledby': 'title', hidden: '' });
    root.insertBefore(panel, launcher);
    const header = panel.appendChild(element('header'));
    const avatar = header.appendChild(element('img', { alt: '', width: '36', height: '36', hidden: '' }));
    const title = header.appendChild(element('h2', { id: 'title' }));
    const humanButton = header.appendChild(element('button', { type: 'button' }, 'Talk to a human'));
    const closeButton = header.appendChild(element('button', { type: 'button', class: 'close', 'aria-label': 'Close chat' }, '×'));
    // A div, not a list: role=log on an <ol> would leave its items without their list.
    const log = panel.appendChild(element('div', { class: 'log', role: 'log', 'aria-label': 'Conversation', tabindex: '0' }));
    const chips = panel.appendChild(element('div', { class: 'chips', role: 'group', 'aria-label': 'Suggested questions' }));
    const privacy = panel.appendChild(element('p', { class: 'privacy', 'data-testid': 'privacy' }));
    // The composer: the attached images' tray, a status line for what the attach and
    // microphone buttons have to say, then the buttons and the text box.
    const status = element('p', { class: 'status', role: 'status' });
    const say = (message: string) => {
      status.textContent = message;
    };
    const images = imageAttachments(say);
    const voice = pushToTalk(say, (wav) => void ask('', { kind: 'Audio', files: [{ blob: wav, name: 'voice-question.wav', url: null }] }));
    panel.append(images.tray, status);
    const form = panel.appendChild(element('form'));
    form.append(images.input, images.button, voice.button);
    const input = form.appendChild(element('textarea', { rows: '1', 'aria-label': 'Your message', name: 'message' }));
    const fitInput = growWithText(input);
    const sendButton = form.appendChild(element('button', { type: 'submit', 'aria-label': 'Send' }));
    sendButton.appendChild(icon(SEND_ICON));
    /** The object URLs of the images sent in this page, shown in their messages; a reloaded transcript has names only. */
    const previews = new WeakMap<TranscriptMessage, (string | null)[]>();
    const social = panel.appendChild(element('nav', { class: 'social', 'aria-label': 'Social links' }));

    function save(): void {
      if (transcript) storage.saveTranscript(settings, { ...transcript, messages });
    }

    const hasVisitorSpoken = () => messages.some((message) => message.role === 'visitor');

    function messageItem(message: TranscriptMessage): HTMLDivElement {
      const item = element('div', { class: `message ${message.role}` });
      const bubble = item.appendChild(element('div', { class: 'bubble' }));
      const speaker = message.role === 'visitor' ? 'You' : settings.Name.trim() || 'Assistant';
      item.prepend(element('span', { class: 'sr' }, `${speaker}:`));
      if (message.role === 'visitor') {
        bubble.textContent = message.text;
        if (Array.isArray(message.files)) {
          const files = bubble.appendChild(attachedFiles(message.files, previews.get(message) ?? []));
          files.classList.toggle('after-text', message.text !== '');
        }
      } else bubble.appendChild(renderMarkdown(document, message.text));
      item.appendChild(element('time', { datetime: new Date(message.at).toISOString() }, formatTime.format(message.at)));
      return item;
    }

    function attachedFiles(files: readonly AttachedFile[], urls: readonly (string | null)[]): HTMLElement {
      const list = element('span', { class: 'files' });
      files.forEach(({ name, kind }, index) => {
        const label = kind === 'Audio' ? 'Voice message' : `Image: ${String(name)}`;
        const url = urls[index];
        list.appendChild(kind === 'Image' && url ? element('img', { src: url, alt: label }) : element('span', { class: 'file' }, label));
      });
      return list;
    }

    function renderLog(): void {
      const items: HTMLDivElement[] = [];
      if (settings.WelcomeMessage.trim() !== '') {
        items.push(messageItem({ role: 'bot', text: settings.WelcomeMessage, at: messages[0]?.at ?? now() }));
        items[0]!.dataset.testid = 'welcome';
      }
      for (const message of messages) items.push(messageItem(message));
      log.replaceChildren(...items);
      log.scrollTop = log.scrollHeight;
      const suggestions = hasVisitorSpoken() ? [] : listOf(settings.SuggestedMessage);
      chips.replaceChildren(...suggestions.map((text) => element('button', { type: 'button' }, text)));
      chips.hidden = suggestions.length === 0;
      renderPrivacy();
    }

    function renderPrivacy(): void {
      const name = settings.ChatbotPrivacyPolicyName.trim();
      const href = safeHref(settings.ChatbotPrivacyPolicyUrl);
      const description = settings.ChatbotPrivacyPolicyDescription.trim();
      const label = name || (href ? 'Privacy policy' : '');
      privacy.replaceChildren();
      if (description) privacy.append(`${description} `);
      if (label) privacy.append(href ? Object.assign(element('a', { href, target: '_blank', rel: 'noopener noreferrer' }), { textContent: label }) : label);
      // Before the first message only: by then the visitor has seen it.
      privacy.hidden = privacy.childNodes.length === 0 || hasVisitorSpoken();
    }

    function apply(): void {
      formatTime = timeFormatter(settings.TimeZone);
      title.textContent = settings.Name.trim() || 'Chat';
      const avatarUrl = pictureUrl(settings.ChatProfilePictureUrl);
      avatar.hidden = avatarUrl === '';
      if (avatarUrl) avatar.src = avatarUrl;
      input.placeholder = settings.UserInputPlaceholder;
      images.button.hidden = !(settings.EnableUploadImage && transport.upload);
      voice.button.hidden = !(settings.EnablePushToTalk && transport.upload);
      humanButton.hidden = settings.TalkToHumanEmail.trim() === '';
      const links = (
        [
          ['Facebook', settings.FacebookUrl],
          ['Instagram', settings.InstagramUrl],
          ['WhatsApp', settings.WhatsappUrl],
        ] as const
      ).flatMap(([label, url]) => {
        const href = safeHref(url);
        return href ? [Object.assign(element('a', { href, target: '_blank', rel: 'noopener noreferrer' }), { textContent: label })] : [];
      });
      social.replaceChildren(...links);
      social.hidden = links.length === 0;
      renderLog();
    }

    function setWindowOpen(open: boolean, focus: boolean): void {
      panel.hidden = !open;
      if (open) {
        log.scrollTop = log.scrollHeight;
        if (focus) input.focus();
      }
    }

    function append(message: TranscriptMessage): HTMLDivElement {
      messages = [...messages, message];
      const item = messageItem(message);
      log.appendChild(item);
      log.scrollTop = log.scrollHeight;
      return item;
    }

    /**
     * Puts a settled answer (or the notice of one that failed) right after its question, in the
     * place its streaming item held. Whatever was added while it streamed ("Talk to a human")
     * stays after it, as the visitor saw it, in the log and in the stored transcript alike.
     */
    function settleAfter(question: TranscriptMessage, message: TranscriptMessage, streamingItem: HTMLDivElement | null): void {
      const at = messages.indexOf(question);
      // Nothing was added after its question (the usual case), or the question is gone: it goes last.
      if (at === -1 || at === messages.length - 1) {
        streamingItem?.remove();
        append(message);
        return;
      }
      messages = [...messages.slice(0, at + 1), message, ...messages.slice(at + 1)];
      if (streamingItem?.isConnected) {
        streamingItem.replaceWith(messageItem(message));
        log.scrollTop = log.scrollHeight;
      } else {
        // No fragment came before the end, so nothing holds its place: the log is drawn again.
        renderLog();
      }
    }

    async function sessionOf(): Promise<VisitorSession> {
      if (transcript) return { SessionID: transcript.sessionId, VisitorToken: transcript.visitorToken };
      const session = await transport.openSession();
      transcript = { sessionId: session.SessionID, visitorToken: session.VisitorToken, messages };
      return session;
    }

    function setPending(busy: boolean): void {
      pending = busy;
      sendButton.disabled = busy;
      voice.button.disabled = busy;
    }

    async function ask(question: string, media?: OutgoingMedia): Promise<void> {
      const text = question.trim();
      if (pending || (text === '' && !media)) return;
      setPending(true);
      if (text !== '') {
        input.value = '';
        fitInput();
      }
      const sent: TranscriptMessage = { role: 'visitor', text, at: now() };
      if (media) {
        // What the attach and microphone buttons said is done with once their files go.
        say('');
        sent.files = media.files.map(({ name }) => ({ name, kind: media.kind }));
        previews.set(sent, media.files.map(({ url }) => url));
      }
      append(sent);
      renderLog();
      const answer: TranscriptMessage = { role: 'bot', text: '', at: now() };
      // The answer's item while it streams; replaced by the stored message once whole.
      const streaming: { item: HTMLDivElement | null } = { item: null };
      try {
        const showSoFar = (soFar: string) => {
          streaming.item ??= log.appendChild(messageItem(answer));
          streaming.item.setAttribute('aria-busy', 'true');
          streaming.item.querySelector('.bubble')!.replaceChildren(renderMarkdown(document, soFar));
          log.scrollTop = log.scrollHeight;
        };
        const askInSession = async () => {
          const session = await sessionOf();
          save();
          if (!media || !transport.upload) return transport.ask(session, text, showSoFar);
          // One at a time, in the order attached: the service numbers them so.
          const fileIds: number[] = [];
          for (const file of media.files) fileIds.push((await transport.upload(session, file.blob, file.name)).FileStoreId);
          return transport.ask(session, text, showSoFar, { chatAskType: media.kind, fileIds });
        };
        let whole: string;
        try {
          whole = await askInSession();
        } catch (error) {
          // A session the service lost (its data was reset) is replaced once, the transcript kept.
          if (!isLostSession(error) || !transcript) throw error;
          transcript = null;
          whole = await askInSession();
        }
        settleAfter(sent, { ...answer, text: whole }, streaming.item);
      } catch (error) {
        settleAfter(sent, { role: 'notice', text: error instanceof WidgetAnswerError ? error.message : 'Something went wrong. Please ask again.', at: now() }, streaming.item);
      } finally {
        setPending(false);
        save();
      }
    }

    closeButton.addEventListener('click', () => {
      setOpen(false);
      launcher.focus();
    });
    panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      // Escape ends a recording first, and only then the window.
      if (voice.cancel()) return;
      setOpen(false);
      launcher.focus();
    });
    chips.addEventListener('click', (event) => {
      const chip = (event.target as Element).closest('button');
      if (chip) void ask(chip.textContent ?? '');
    });
    /** Sends what the composer holds: the text and the attached images. */
    function sendComposer(): void {
      if (pending) return;
      const attached = images.take();
      void ask(input.value, attached.length > 0 ? { kind: 'Image', files: attached } : undefined);
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sendComposer();
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        sendComposer();
      }
    });
    humanButton.addEventListener('click', () => {
      const email = settings.TalkToHumanEmail.trim();
      const message = settings.TalkToHumanResponseMessage.trim() || 'One of our team will get back to you.';
      append({ role: 'bot', text: `${message}\n\n[Write to ${email.replace(/([\\[\]*_`])/g, '\\$1')}](mailto:${encodeURIComponent(email).replace(/%40/g, '@')})`, at: now() });
      save();
    });

    apply();
    return { apply, setOpen: setWindowOpen };
  }

  launcher.addEventListener('click', () => setOpen(launcher.getAttribute('aria-expanded') !== 'true'));
  applyLauncher();
  if (options.startOpen) setOpen(true, false);
  else if (storage.takePopup(settings)) setOpen(true);
  else whenIdle(() => destroyed || theWindow());

  return {
    update(next) {
      settings = next;
      applyLauncher();
      chatWindow?.apply();
    },
    open: () => setOpen(true),
    close: () => setOpen(false),
    destroy() {
      destroyed = true;
      shadow.replaceChildren();
    },
  };
}
