import { useState } from 'react';
import { httpUrl } from '../../../api/contract';
import classes from './listings-table.module.css';

interface ListingThumbnailProps {
  src: string | undefined;
  alt: string;
  width?: number;
  height?: number;
}

/** The size a thumbnail has unless told otherwise: the table's. */
export const THUMBNAIL_WIDTH = 64;
export const THUMBNAIL_HEIGHT = 48;

const imageStyle = { objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', display: 'block' } as const;

/**
 * A listing photo, or a neutral placeholder when there is none, it is not an http(s)
 * address, or it fails to load: a broken image must not break the row. One component
 * and one element, since a table page holds a hundred of them.
 */
export function ListingThumbnail({ src, alt, width = THUMBNAIL_WIDTH, height = THUMBNAIL_HEIGHT }: ListingThumbnailProps) {
  // Remembering which address failed gives a new address a fresh attempt.
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src !== undefined && src !== failed && httpUrl.safeParse(src).success;
  if (!usable) {
    return (
      // A house outline (Tabler's "home") drawn by the class, see listings-table.module.css.
      <div className={classes.placeholder} style={{ width, height }} aria-hidden />
    );
  }
  return (
    <img
      // A row reused for another listing gets a new element rather than showing the old
      // listing's photo until the new one has loaded.
      key={src}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
      style={imageStyle}
    />
  );
}
