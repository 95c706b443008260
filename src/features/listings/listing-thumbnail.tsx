import { IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { httpUrl } from '../../api/contract';

interface ListingThumbnailProps {
  src: string | undefined;
  alt: string;
  width?: number;
  height?: number;
}

const imageStyle = { objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', display: 'block' } as const;
const placeholderStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'var(--mantine-color-default-hover)',
  borderRadius: 'var(--mantine-radius-sm)',
} as const;

/**
 * A listing photo, or a neutral placeholder when there is none, it is not an http(s)
 * address, or it fails to load: a broken image must not break the row. One component
 * and plain elements, since a table page holds a hundred of them.
 */
export function ListingThumbnail({ src, alt, width = 64, height = 48 }: ListingThumbnailProps) {
  // Remembering which address failed gives a new address a fresh attempt.
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src !== undefined && src !== failed && httpUrl.safeParse(src).success;
  if (!usable) {
    return (
      <div style={{ ...placeholderStyle, width, height }} aria-hidden>
        <IconHome size={Math.min(width, height) / 2} stroke={1.4} color="var(--mantine-color-dimmed)" />
      </div>
    );
  }
  return (
    <img
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
