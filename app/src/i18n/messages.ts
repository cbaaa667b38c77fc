/**
 * The site's message catalog: what the traveller reads for each message code the core produces.
 *
 * The core's validators return `{ code, text }`: `code` is stable (`phone.length`) and `text` is
 * SPEC's English wording. The site shows messages by code from this catalog, so another language
 * (Bangla) is a new catalog, not a rule change. A code the catalog does not know yet falls back to
 * the core's own English text, so a new rule is never shown as a bare code.
 */

import type { Message } from 'core-wasm';

/** A message as the core returns it. */
export type CoreMessage = Message;

/** English texts by code. Wording is SPEC.md's, quirks included ('This field is must be an email'). */
export const messages: Readonly<Record<string, string>> = {
  'field.required': 'This field is required',
  'phone.length': 'Phone number must be 11 digits',
  'phone.invalid': 'Enter a valid number',
  'email.invalid': 'This field is must be an email',
  'seats.max': 'You can select at most 4 seats',
  'seats.unavailable': 'This seat is not available',
  'seats.pointsRequired': 'Choose boarding and dropping points first',
  'promo.invalid': 'Invalid promo applied!',
  'promo.applied': 'Promo applied successfully',
  'deal.none': 'Sorry!! No deal found now.',
};

/** The text to show for a core message: the catalog's, else the core's own English text. */
export function messageText(message: CoreMessage): string {
  return Object.hasOwn(messages, message.code) ? (messages[message.code] ?? message.text) : message.text;
}
