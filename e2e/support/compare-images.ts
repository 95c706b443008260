import type { Browser } from '@playwright/test';

export interface ImageComparison {
  /** Width × height of each image. */
  sizes: [string, string];
  /** Pixels compared (the same size is required; the corners left out). */
  compared: number;
  /** Pixels where some channel differs by more than the tolerance. */
  differing: number;
  /** The largest channel difference found, 0–255. */
  largestDifference: number;
  /** The bounding box of the differing pixels, for a failure message. */
  where: { left: number; top: number; right: number; bottom: number } | null;
}

export interface CompareOptions {
  /** A channel may differ by this much (0–255) and still count as the same: anti-aliasing of text. */
  tolerance: number;
  /**
   * Squares of this size at each corner are left out: a rounded element's screenshot shows,
   * behind its corners, whatever page it sits on, which is not the element.
   */
  cornerRadius: number;
}

/**
 * Compares two PNG screenshots pixel by pixel. They are decoded by the browser's own PNG
 * decoder (a blank page of `browser`), so the suite needs no image library and no stored
 * expectation: the two images are each other's reference.
 */
export async function compareImages(browser: Browser, a: Buffer, b: Buffer, options: CompareOptions): Promise<ImageComparison> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ images, tolerance, cornerRadius }) => {
        const pixels = await Promise.all(
          images.map(async (base64) => {
            const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const context = canvas.getContext('2d')!;
            context.drawImage(bitmap, 0, 0);
            return context.getImageData(0, 0, bitmap.width, bitmap.height);
          }),
        );
        const [first, second] = pixels as [ImageData, ImageData];
        const sizes: [string, string] = [`${first.width}×${first.height}`, `${second.width}×${second.height}`];
        if (sizes[0] !== sizes[1]) return { sizes, compared: 0, differing: 0, largestDifference: 0, where: null };
        const { width, height } = first;
        const inCorner = (x: number, y: number) =>
          (x < cornerRadius || x >= width - cornerRadius) && (y < cornerRadius || y >= height - cornerRadius);
        let compared = 0;
        let differing = 0;
        let largestDifference = 0;
        let where: { left: number; top: number; right: number; bottom: number } | null = null;
        for (let y = 0; y < height; y += 1) {
          for (let x = 0; x < width; x += 1) {
            if (inCorner(x, y)) continue;
            compared += 1;
            const offset = (y * width + x) * 4;
            let difference = 0;
            for (let channel = 0; channel < 4; channel += 1) {
              difference = Math.max(difference, Math.abs(first.data[offset + channel]! - second.data[offset + channel]!));
            }
            largestDifference = Math.max(largestDifference, difference);
            if (difference <= tolerance) continue;
            differing += 1;
            where = where
              ? { left: Math.min(where.left, x), top: Math.min(where.top, y), right: Math.max(where.right, x), bottom: Math.max(where.bottom, y) }
              : { left: x, top: y, right: x, bottom: y };
          }
        }
        return { sizes, compared, differing, largestDifference, where };
      },
      { images: [a.toString('base64'), b.toString('base64')], ...options },
    );
  } finally {
    await page.close();
  }
}
