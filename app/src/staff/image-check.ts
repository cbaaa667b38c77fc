/**
 * What the staff site checks of an image before uploading it, by the core's bounds
 * (core-wasm/src/staff/content.rs: PNG, JPEG or WebP, 1 MB, 4,096 pixels a side, 16 megapixels).
 * The server reads the file's header again and decides; these checks spare a staff member on a
 * slow line a wasted upload, and say what is wrong beside the field.
 */
import { t } from '@/staff/i18n';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = 16 * 1024 * 1024;

/** A chosen file's type and size: what is wrong with them, or null. */
export function fileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return t('content.imageType', { type: file.type || '?' });
  if (file.size > MAX_IMAGE_BYTES) return t('content.imageBytes', { kb: Math.ceil(file.size / 1024) });
  return null;
}

/** An image's width and height: what is wrong with them, or null. */
export function sidesProblem(width: number, height: number): string | null {
  const fits = width > 0 && height > 0 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
  return fits ? null : t('content.imageSides', { width, height });
}

/**
 * The image's width and height as this browser reads them, or null where it cannot read them
 * (no createImageBitmap: jsdom, very old browsers), in which case only the server checks the
 * sides. Rejects when the browser cannot decode the file.
 */
async function naturalSides(file: Blob): Promise<{ width: number; height: number } | null> {
  if (!('createImageBitmap' in globalThis)) return null;
  const bitmap = await createImageBitmap(file);
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** Everything the browser can check before an upload: the problem, or null. */
export async function imageProblem(file: File): Promise<string | null> {
  const early = fileProblem(file);
  if (early) return early;
  let sides: { width: number; height: number } | null;
  try {
    sides = await naturalSides(file);
  } catch {
    // A file travellers' browsers could not show either (or too large for this one to decode).
    return t('content.imageUnread');
  }
  return sides ? sidesProblem(sides.width, sides.height) : null;
}
