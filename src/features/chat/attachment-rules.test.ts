import {
  ATTACHMENT_LIMITS,
  askTypeOf,
  checkAttachments,
  contentProblem,
  isAnimatedGif,
  isGifFile,
  kindOfFile,
  MAX_CONTENT_LENGTH,
  type AttachmentCandidate,
} from './attachment-rules';

const MB = 1024 * 1024;

function file(name: string, type: string, size = 1000, animated?: boolean): AttachmentCandidate {
  return { name, type, size, animated };
}

/**
 * Builds a GIF block by block. Image data deliberately contains 0x2C and 0x21 bytes, the
 * introducers of an image descriptor and an extension, which a byte search would miscount.
 */
function gif({ frames = 1, loop = false, globalTable = true, localTable = false, truncateAfterFirst = false } = {}) {
  const bytes: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  bytes.push(1, 0, 1, 0, globalTable ? 0x80 | 0x01 : 0x00, 0, 0);
  if (globalTable) bytes.push(0, 0, 0, 0xff, 0xff, 0xff, 0x2c, 0x2c, 0x2c, 0x21, 0x21, 0x21);
  if (loop) {
    bytes.push(0x21, 0xff, 11, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0);
  }
  for (let frame = 0; frame < frames; frame += 1) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    bytes.push(0x2c, 0, 0, 0, 0, 1, 0, 1, 0, localTable ? 0x80 : 0x00);
    if (localTable) bytes.push(0x2c, 0x21, 0x3b, 0x2c, 0x21, 0x3b);
    bytes.push(2, 4, 0x2c, 0x21, 0x2c, 0x3b, 0);
    if (truncateAfterFirst) return new Uint8Array(bytes);
  }
  bytes.push(0x3b);
  return new Uint8Array(bytes);
}

describe('kindOfFile', () => {
  it.each([
    ['photo.png', 'image/png', 'image'],
    ['photo.JPG', 'image/jpeg', 'image'],
    ['photo.jpeg', '', 'image'],
    ['photo.webp', 'image/webp', 'image'],
    ['still.gif', 'image/gif', 'image'],
    ['tour.mp4', 'video/mp4', 'video'],
    ['tour.mkv', 'video/x-matroska', 'video'],
    ['tour.avi', 'video/x-msvideo', 'video'],
    ['tour.flv', '', 'video'],
    ['tour.mpeg', 'video/mpeg', 'video'],
    ['tour.mpg', 'application/octet-stream', 'video'],
    ['voice.wav', 'audio/wav', 'audio'],
    ['voice.WAV', 'audio/x-wav', 'audio'],
  ])('%s (%s) is %s', (name, type, kind) => {
    expect(kindOfFile(name, type)).toBe(kind);
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['voice.mp3', 'audio/mpeg'],
    ['clip.webm', 'video/webm'],
    ['scan.bmp', 'image/bmp'],
    ['README', ''],
    ['scan.png', 'image/bmp'],
    ['voice.wav', 'audio/mpeg'],
  ])('%s (%s) is not supported', (name, type) => {
    expect(kindOfFile(name, type)).toBeNull();
  });

  it('recognises GIFs by type or extension', () => {
    expect(isGifFile('a.gif', '')).toBe(true);
    expect(isGifFile('a.bin', 'image/gif')).toBe(true);
    expect(isGifFile('a.png', 'image/png')).toBe(false);
  });
});

describe('isAnimatedGif', () => {
  it('a single frame is still', () => {
    expect(isAnimatedGif(gif())).toBe(false);
    expect(isAnimatedGif(gif({ globalTable: false, localTable: true }))).toBe(false);
  });

  it('two image descriptors make it animated', () => {
    expect(isAnimatedGif(gif({ frames: 2 }))).toBe(true);
    expect(isAnimatedGif(gif({ frames: 3, globalTable: false, localTable: true }))).toBe(true);
  });

  it('a NETSCAPE loop block makes it animated even before a second frame', () => {
    expect(isAnimatedGif(gif({ loop: true }))).toBe(true);
  });

  it('a GIF cut short after one frame, or bytes that are no GIF, count as still', () => {
    expect(isAnimatedGif(gif({ frames: 2, truncateAfterFirst: true }))).toBe(false);
    expect(isAnimatedGif(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(isAnimatedGif(new Uint8Array())).toBe(false);
  });
});

describe('checkAttachments', () => {
  it('accepts several images and tells their kind', () => {
    const result = checkAttachments([], [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.gif', 'image/gif', 10, false)]);
    expect(result.refusals).toEqual([]);
    expect(result.accepted.map((entry) => [entry.candidate.name, entry.kind])).toEqual([
      ['a.png', 'image'],
      ['b.jpg', 'image'],
      ['c.gif', 'image'],
    ]);
  });

  it('refuses an unsupported type, naming the file and the accepted types', () => {
    const { accepted, refusals } = checkAttachments([], [file('notes.txt', 'text/plain')]);
    expect(accepted).toEqual([]);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.fileName).toBe('notes.txt');
    expect(refusals[0]!.rule).toMatch(/not a supported file type/);
    expect(refusals[0]!.rule).toMatch(/PNG, JPEG, WEBP/);
  });

  it('allows an image of exactly 20 MB and refuses one byte more', () => {
    expect(checkAttachments([], [file('edge.png', 'image/png', ATTACHMENT_LIMITS.imageBytes)]).accepted).toHaveLength(1);
    const { refusals } = checkAttachments([], [file('huge.png', 'image/png', 20 * MB + 1)]);
    expect(refusals).toEqual([{ fileName: 'huge.png', rule: expect.stringMatching(/over the limit of 20 MB for each image/) }]);
  });

  it('allows a video of 100 MB and refuses a larger one', () => {
    expect(checkAttachments([], [file('tour.mp4', 'video/mp4', 100 * MB)]).accepted).toHaveLength(1);
    const { refusals } = checkAttachments([], [file('long.mp4', 'video/mp4', 101 * MB)]);
    expect(refusals[0]).toEqual({ fileName: 'long.mp4', rule: expect.stringMatching(/101\.0 MB, over the limit of 100 MB for a video/) });
  });

  it('refuses an animated GIF and an empty file', () => {
    const { refusals } = checkAttachments([], [file('spin.gif', 'image/gif', 500, true), file('blank.png', 'image/png', 0)]);
    expect(refusals).toEqual([
      { fileName: 'spin.gif', rule: expect.stringMatching(/animated GIF/) },
      { fileName: 'blank.png', rule: 'is empty' },
    ]);
  });

  it('takes exactly one video: the second of two picked together is refused', () => {
    const { accepted, refusals } = checkAttachments([], [file('one.mp4', 'video/mp4'), file('two.mkv', 'video/x-matroska')]);
    expect(accepted.map((entry) => entry.candidate.name)).toEqual(['one.mp4']);
    expect(refusals).toEqual([{ fileName: 'two.mkv', rule: expect.stringMatching(/exactly one video/) }]);
  });

  it('takes exactly one audio, also against one already attached', () => {
    const { refusals } = checkAttachments(['audio'], [file('second.wav', 'audio/wav')]);
    expect(refusals).toEqual([{ fileName: 'second.wav', rule: expect.stringMatching(/exactly one WAV audio/) }]);
  });

  it('does not mix kinds', () => {
    expect(checkAttachments(['image'], [file('tour.mp4', 'video/mp4')]).refusals[0]).toEqual({
      fileName: 'tour.mp4',
      rule: expect.stringMatching(/cannot join images.*not a mix/),
    });
    expect(checkAttachments(['video'], [file('a.png', 'image/png')]).refusals[0]!.rule).toMatch(/cannot join a video/);
    const together = checkAttachments([], [file('voice.wav', 'audio/wav'), file('a.png', 'image/png')]);
    expect(together.accepted.map((entry) => entry.kind)).toEqual(['audio']);
    expect(together.refusals[0]!.fileName).toBe('a.png');
  });

  it('caps images per message at the contract limit', () => {
    const attached = Array.from({ length: ATTACHMENT_LIMITS.imagesPerMessage }, () => 'image' as const);
    const { refusals } = checkAttachments(attached, [file('extra.png', 'image/png')]);
    expect(refusals[0]).toEqual({ fileName: 'extra.png', rule: expect.stringMatching(/at most 20 images/) });
  });
});

describe('askTypeOf and contentProblem', () => {
  it('derives chatAskType from the attachments', () => {
    expect(askTypeOf([])).toBe('Text');
    expect(askTypeOf(['image', 'image'])).toBe('Image');
    expect(askTypeOf(['video'])).toBe('Video');
    expect(askTypeOf(['audio'])).toBe('Audio');
  });

  it('allows empty content only with media', () => {
    expect(contentProblem('  ', 0)).toMatch(/^Message: write a message, or attach/);
    expect(contentProblem('', 1)).toBeNull();
    expect(contentProblem('Any homes in Austin?', 0)).toBeNull();
  });

  it('refuses content over the contract limit', () => {
    expect(contentProblem('x'.repeat(MAX_CONTENT_LENGTH + 1), 0)).toMatch(/at most 20000 characters/);
  });
});
