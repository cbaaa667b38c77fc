import { useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { imageUrl } from '@/lib/image-url';

interface RemoteImageProps {
  path: string | null | undefined;
  width: number;
  height: number;
  className?: string;
  alt?: string;
  /** Above the fold: load at once. */
  eager?: boolean;
}

/**
 * An image from the API's data, under the configured image base. Its box is sized up front (no
 * layout shift); a missing image leaves the box's background colour instead of a broken icon.
 */
export function RemoteImage({ path, width, height, className = '', alt = '', eager = false }: RemoteImageProps) {
  const { imageBase } = useRuntimeConfig();
  const [failed, setFailed] = useState(false);
  if (!path || failed) {
    return <span className={`image-fallback ${className}`} aria-hidden="true" />;
  }
  return (
    <img
      className={className}
      src={imageUrl(path, imageBase)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
