/**
 * The hand-over from the prerendered find-ticket page's plain form (build/prerender.ts) to the
 * app's: a number typed before the scripts arrived is read while the app's form first renders
 * (the plain form is still on the screen until React commits). A link may bring one too
 * (`?phone=`, the form's field name). Normalised by the core, as if typed into the app's field.
 */
import { normalizePhone } from 'core-wasm';

export interface TypedPhone {
  phone: string;
  /** Whether the traveller was in the plain field: the app's field takes the focus over. */
  focused: boolean;
}

/** What the plain form holds, else `sent` (the page's `?phone=`), if either has a number. */
export function prerenderedPhone(sent: string | null): TypedPhone | null {
  const form = document.querySelector<HTMLFormElement>('form[data-prerendered="find-ticket"]');
  const field = form?.elements.namedItem('phone');
  const typed = field instanceof HTMLInputElement ? field.value : '';
  const focused = field instanceof HTMLInputElement && document.activeElement === field;
  const phone = normalizePhone(typed || (sent ?? ''));
  return phone || focused ? { phone, focused } : null;
}
