/**
 * The browser's local storage, made safe: private modes, full quotas and blocked storage throw
 * on access. A failure shows 'Error accessing local storage' once (SPEC §8) and the site keeps
 * working with values held in memory for this visit.
 */
import { t } from '@/i18n/messages';
import { showToast } from '@/lib/toasts';

const memory = new Map<string, string>();
let warned = false;

function failed(error: unknown) {
  if (!warned) {
    warned = true;
    console.warn('local storage unavailable', error);
    showToast(t('storage.error'));
  }
}

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch (error) {
    failed(error);
    return memory.get(key) ?? null;
  }
}

export function writeStored(key: string, value: string): void {
  memory.set(key, value);
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    failed(error);
  }
}

/** Test helper: forget the in-memory copies and the warning. */
export function resetStorageForTests(): void {
  memory.clear();
  warned = false;
}
