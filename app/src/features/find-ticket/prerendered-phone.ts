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
  /**
   * The plain field itself: the app's first page renders in slices while it is still on the
   * screen, so keys typed meanwhile are read from it once the app's form is in place.
   */
  field: HTMLInputElement | null;
}

/** What the plain form holds, else `sent` (the page's `?phone=`), if either is there. */
export function prerenderedPhone(sent: string | null): TypedPhone | null {
  const form = document.querySelector<HTMLFormElement>('form[data-prerendered="find-ticket"]');
  const named = form?.elements.namedItem('phone');
  const field = named instanceof HTMLInputElement ? named : null;
  const phone = normalizePhone(field?.value || (sent ?? ''));
  return field || phone ? { phone, focused: field !== null && document.activeElement === field, field } : null;
}

/**
 * The plain field's last word, read once the app's form has replaced it: the number as typed
 * by then, and whether the traveller was typing there (keys came after the first read).
 */
export function handedOver(typed: TypedPhone): TypedPhone {
  const phone = typed.field ? normalizePhone(typed.field.value) : typed.phone;
  return { ...typed, phone, focused: typed.focused || phone !== typed.phone };
}
