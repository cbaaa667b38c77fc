/**
 * The hand-over from a prerendered page's plain form (build/prerender.ts) to the app's: the one
 * mechanism of the home pages' search form and the ticket history's number (issue 14, 40).
 *
 * The plain form is on the screen from the first paint; the app replaces it seconds later on a
 * slow phone, rendering its first page in slices (a transition) while the traveller goes on
 * typing. So the plain form is found during the app's first render (`plainForm`), and read at
 * the hand-over itself (`handOver`, from a layout effect of the app's form: the plain nodes have
 * just been replaced, nothing has been painted and no key can have come in between): every
 * field's value as it is then, the field the traveller was in with its caret, and whether its
 * submit was pressed before the app came (build/plain-form.js holds it for the app).
 *
 * Which field had the focus cannot be read from the page at the hand-over (the removed field
 * lost it, and Chromium fires its blur as it is removed), so it is followed from the start
 * (`followPlainForms`, main.tsx): a real blur forgets it, the removal does not.
 */

/** The field the traveller was in when the app took over, and where their caret was. */
export interface PlainFocus {
  name: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

export interface HandedOver {
  /** Each named field's value at the hand-over. */
  values: Record<string, string>;
  focus: PlainFocus | null;
  /** The plain form's submit was pressed before the app came (and the browser's checks passed). */
  submitted: boolean;
}

/** The plain form field that has (or had, until the app removed it) the keyboard. */
let focused: HTMLElement | null = null;
let following = false;

const inPlainForm = (target: EventTarget | null): target is HTMLElement =>
  target instanceof HTMLElement && target.closest('form[data-prerendered]') !== null;

/** Follows the focus within plain forms until the app has taken over (called once, at start). */
export function followPlainForms(): void {
  if (following) return;
  following = true;
  const active = document.activeElement;
  if (inPlainForm(active)) focused = active;
  document.addEventListener('focusin', (event) => {
    if (inPlainForm(event.target)) focused = event.target;
  });
  document.addEventListener('focusout', (event) => {
    const left = event.target;
    if (left !== focused) return;
    // Still in the page once the event is over: the traveller left the field (a removal by the
    // app's commit leaves it detached; that focus is handed over).
    queueMicrotask(() => {
      if (focused === left && left instanceof HTMLElement && left.isConnected && document.activeElement !== left) focused = null;
    });
  });
}

/** The plain form `kind` ('BUS', 'LAUNCH', 'find-ticket'), while the page still shows it. */
export function plainForm(kind: string): HTMLFormElement | null {
  return document.querySelector<HTMLFormElement>(`form[data-prerendered="${kind}"]`);
}

function fieldValue(element: Element): string | null {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement ? element.value : null;
}

function caret(element: HTMLElement): Pick<PlainFocus, 'selectionStart' | 'selectionEnd'> {
  try {
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      return { selectionStart: element.selectionStart, selectionEnd: element.selectionEnd };
    }
  } catch {
    // A type without a caret (date): the app's field keeps its own.
  }
  return { selectionStart: null, selectionEnd: null };
}

/** What `form` holds now: read at the hand-over, once the app's form has replaced it. */
export function handOver(form: HTMLFormElement): HandedOver {
  const values: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    const value = fieldValue(element);
    if (name && value !== null) values[name] = value;
  }
  const field = focused && form.contains(focused) ? focused : null;
  // Followed from the start, or (main.tsx not run, as in a component test) the page's own word.
  const had = field ?? (inPlainForm(document.activeElement) && form.contains(document.activeElement) ? document.activeElement : null);
  const name = had?.getAttribute('name');
  return {
    values,
    focus: had && name ? { name, ...caret(had) } : null,
    submitted: form.hasAttribute('data-submitted'),
  };
}

/**
 * Gives the app's field named `focus.name` in `form` the keyboard, with the caret where it was
 * in the plain field: called from the same layout effect, before the next key.
 */
export function restoreFocus(form: HTMLFormElement | null, focus: PlainFocus | null): void {
  if (!form || !focus) return;
  const field = form.elements.namedItem(focus.name);
  if (!(field instanceof HTMLElement)) return;
  field.focus();
  if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && focus.selectionStart !== null) {
    try {
      const end = Math.min(focus.selectionEnd ?? focus.selectionStart, field.value.length);
      field.setSelectionRange(Math.min(focus.selectionStart, end), end);
    } catch {
      // A type without a caret.
    }
  }
}
