/**
 * Toasts (SPEC §8): short messages at the bottom right that leave after 5000 ms. A module-level
 * store, so code outside React (local storage, the API layer) can show one too; the <Toaster>
 * in the layout renders it.
 */
import { useSyncExternalStore } from 'react';

/** How long a toast stays (SPEC §8/§9: 5000 ms; the core's `errors::TOAST_MS`). */
export const TOAST_MS = 5000;

export interface Toast {
  id: number;
  text: string;
  kind: 'error' | 'info';
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows `text` for TOAST_MS. The same text already on screen is not shown twice. */
export function showToast(text: string, kind: Toast['kind'] = 'error'): void {
  if (toasts.some((toast) => toast.text === text)) return;
  const toast = { id: nextId++, text, kind };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number): void {
  const left = toasts.filter((toast) => toast.id !== id);
  if (left.length === toasts.length) return;
  toasts = left;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

/** Test helper: forget every toast. */
export function clearToasts(): void {
  toasts = [];
  emit();
}
