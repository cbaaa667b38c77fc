/**
 * One tab's values as JSON in sessionStorage (kept across a reload and the round trip through
 * the payment gateway, never shared with another tab), with an in-memory copy that serves this
 * visit when storage is refused (private mode, quota, blocked storage). Unlike local storage
 * (storage.ts) a refusal is not shown: the copy in memory is enough for one visit.
 */
const memory = new Map<string, string>();

export function saveSession(key: string, value: unknown): void {
  const text = JSON.stringify(value);
  memory.set(key, text);
  try {
    window.sessionStorage.setItem(key, text);
  } catch {
    // Storage refused: the in-memory copy serves this visit.
  }
}

/** The value stored under `key`, or null when there is none, it is no JSON or `accept` refuses it. */
export function loadSession<T>(key: string, accept: (value: T) => boolean): T | null {
  let text: string | null = null;
  try {
    text = window.sessionStorage.getItem(key);
  } catch {
    // fall through to memory
  }
  text ??= memory.get(key) ?? null;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as T;
    return value !== null && typeof value === 'object' && accept(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearSession(key: string): void {
  memory.delete(key);
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
