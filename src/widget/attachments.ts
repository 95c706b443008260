import { VISITOR_FILE_BYTES, VISITOR_IMAGE_TYPES, VISITOR_IMAGES_PER_QUESTION } from '../api/contract/widget-paths';
import { element, icon } from './dom';

/**
 * The composer's image attachments (EnableUploadImage): a button that opens the file picker,
 * and a tray of the images attached to the next question, each with its own remove button.
 * The picker offers only the image types the interface takes; whatever a visitor picks is
 * checked here against the interface's rules (type, 20 MB, a few per question) so a mistake
 * is told at once, and judged again by the service from the bytes.
 */

/** A file on its way out: its bytes, its name, and an address of it in this page while it lasts. */
export interface OutgoingFile {
  blob: Blob;
  name: string;
  /** An object URL of the image, shown in the visitor's message; null for a recording. */
  url: string | null;
}

const ATTACH_ICON = 'M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z';
const MEGABYTE = 1024 * 1024;

/** Why a picked file cannot go with the question, or null when it can. */
export function refusalOfImage(file: Pick<File, 'name' | 'type' | 'size'>, alreadyAttached: number): string | null {
  if (alreadyAttached >= VISITOR_IMAGES_PER_QUESTION) return `${file.name}: a question takes at most ${VISITOR_IMAGES_PER_QUESTION} images`;
  if (!(VISITOR_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${file.name}: only PNG, JPEG, WEBP or GIF images can be attached`;
  if (file.size === 0) return `${file.name}: the file is empty`;
  if (file.size > VISITOR_FILE_BYTES) return `${file.name}: images may be up to ${VISITOR_FILE_BYTES / MEGABYTE} MB`;
  return null;
}

export interface ImageAttachments {
  /** The button, the picker's input and the tray, for the composer to place. */
  button: HTMLButtonElement;
  input: HTMLInputElement;
  tray: HTMLUListElement;
  /** The attached images, handed over to a question; the tray empties. */
  take(): OutgoingFile[];
}

/** `say` tells the visitor why a file was not attached (the composer's status line). */
export function imageAttachments(say: (message: string) => void): ImageAttachments {
  const button = element('button', { type: 'button', class: 'attach', 'aria-label': 'Attach images' });
  button.appendChild(icon(ATTACH_ICON));
  const input = element('input', { type: 'file', accept: VISITOR_IMAGE_TYPES.join(','), multiple: '', hidden: '', tabindex: '-1', 'aria-hidden': 'true' });
  const tray = element('ul', { class: 'tray', 'aria-label': 'Attached images', hidden: '' });
  let attached: OutgoingFile[] = [];

  function render(): void {
    tray.replaceChildren(
      ...attached.map((file, index) => {
        const item = element('li');
        item.append(element('img', { src: file.url ?? '', alt: '' }), element('span', {}, file.name));
        const remove = item.appendChild(element('button', { type: 'button', 'aria-label': `Remove ${file.name}`, 'data-index': String(index) }, '×'));
        remove.title = `Remove ${file.name}`;
        return item;
      }),
    );
    tray.hidden = attached.length === 0;
  }

  button.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const refusals: string[] = [];
    for (const file of input.files ?? []) {
      const refusal = refusalOfImage(file, attached.length);
      if (refusal) refusals.push(refusal);
      else attached = [...attached, { blob: file, name: file.name, url: URL.createObjectURL(file) }];
    }
    // The same file may be picked again after it was removed.
    input.value = '';
    render();
    say(refusals.length > 0 ? refusals.join('. ') : `${attached.length} image${attached.length === 1 ? '' : 's'} attached`);
  });
  tray.addEventListener('click', (event) => {
    const remove = (event.target as Element).closest('button');
    if (!remove) return;
    const index = Number(remove.dataset.index);
    const [gone] = attached.splice(index, 1);
    if (gone?.url) URL.revokeObjectURL(gone.url);
    render();
    say(`${gone?.name ?? 'The image'} removed`);
    // Focus stays in the composer: on the next remove button, else the attach button.
    (tray.querySelectorAll('button')[Math.min(index, attached.length - 1)] ?? button).focus();
  });

  return {
    button,
    input,
    tray,
    take() {
      const taken = attached;
      attached = [];
      render();
      return taken;
    },
  };
}
