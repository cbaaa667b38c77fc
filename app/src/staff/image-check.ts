/**
 * What the staff site checks of an image before uploading it, by the core's bounds
 * (core-wasm/src/staff/content.rs: PNG, JPEG or WebP, 1 MB): a staff member on a slow line is
 * spared a wasted upload. The pixel size is the server's to check, from the file's header: read
 * here, the browser would decode the whole image first, and a small file claiming 20,000 x
 * 20,000 pixels would take 1.6 GB of the staff member's tab before being refused.
 */
import { t } from '@/staff/i18n';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;

/** A chosen file's type and size: what is wrong with them, or null. */
export function fileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return t('content.imageType', { type: file.type || '?' });
  if (file.size > MAX_IMAGE_BYTES) return t('content.imageBytes', { kb: Math.ceil(file.size / 1024) });
  return null;
}
