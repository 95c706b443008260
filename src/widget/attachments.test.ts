import { describe, expect, it } from 'vitest';
import { refusalOfImage } from './attachments';

const MEGABYTE = 1024 * 1024;
const picked = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('refusalOfImage: what a visitor may attach to a question', () => {
  it('takes the image types the interface accepts', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) expect(refusalOfImage(picked('house', type), 0)).toBeNull();
  });

  it('refuses other types, naming the file', () => {
    for (const type of ['image/svg+xml', 'text/html', 'image/bmp', 'video/mp4', '']) {
      expect(refusalOfImage(picked('plan.svg', type), 0)).toBe('plan.svg: only PNG, JPEG, WEBP or GIF images can be attached');
    }
  });

  it('keeps to 20 MB a file, no empty file, and at most 5 a question', () => {
    expect(refusalOfImage(picked('big.png', 'image/png', 20 * MEGABYTE), 0)).toBeNull();
    expect(refusalOfImage(picked('big.png', 'image/png', 20 * MEGABYTE + 1), 0)).toBe('big.png: images may be up to 20 MB');
    expect(refusalOfImage(picked('empty.png', 'image/png', 0), 0)).toBe('empty.png: the file is empty');
    expect(refusalOfImage(picked('sixth.png', 'image/png'), 4)).toBeNull();
    expect(refusalOfImage(picked('sixth.png', 'image/png'), 5)).toBe('sixth.png: a question takes at most 5 images');
  });
});
