import { Center } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { httpUrl } from '../../api/contract';

interface ListingThumbnailProps {
  src: string | undefined;
  alt: string;
  width?: number;
  height?: number;
}

/**
 * A listing photo, or a neutral placeholder when there is none, it is not an http(s)
 * address, or it fails to load: a broken image must not break the row.
 */
export function ListingThumbnail({ src, alt, width = 64, height = 48 }: ListingThumbnailProps) {
  const usable = src !== undefined && httpUrl.safeParse(src).success;
  // Keyed by address so a new URL gets a fresh attempt after an earlier one failed.
  return usable ? (
    <LoadedThumbnail key={src} src={src} alt={alt} width={width} height={height} />
  ) : (
    <Placeholder width={width} height={height} />
  );
}

function LoadedThumbnail({ src, alt, width, height }: Required<ListingThumbnailProps> & { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Placeholder width={width} height={height} />;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
    />
  );
}

function Placeholder({ width, height }: { width: number; height: number }) {
  return (
    <Center w={width} h={height} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-hidden>
      <IconHome size={Math.min(width, height) / 2} stroke={1.4} color="var(--mantine-color-dimmed)" />
    </Center>
  );
}
