/**
 * The hand-over from the prerendered home page's plain search form (build/prerender.ts) to the
 * app's: what the traveller typed before the scripts arrived is read while the app's form first
 * renders (the plain one is still on the screen until React commits), and the app's form starts
 * from it, with the focus where it was.
 */
import type { Service } from 'core-wasm';

export interface TypedSearch {
  service: Service;
  from: string;
  to: string;
  journeyDate: string;
  coachType: string;
  /** The field the traveller was in ('from', 'to', ...), or null. */
  focused: string | null;
}

let typed: TypedSearch | null = null;
let read = false;

/** Reads the prerendered form, if the page still shows one. */
function readPrerenderedSearch(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-prerendered]');
  const service = form?.dataset.prerendered;
  if (!form || (service !== 'BUS' && service !== 'LAUNCH')) return;
  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
  };
  const active = document.activeElement;
  typed = {
    service,
    from: value('from'),
    to: value('to'),
    journeyDate: value('journeyDate'),
    coachType: value('coachType'),
    focused: active && form.contains(active) ? active.getAttribute('name') : null,
  };
  if (!typed.from && !typed.to && !typed.journeyDate && !typed.focused && (!typed.coachType || typed.coachType === 'all')) typed = null;
}

/** What was typed into `service`'s prerendered form (read once), until forgotten. */
export function typedSearch(service: Service): TypedSearch | null {
  if (!read) {
    read = true;
    readPrerenderedSearch();
  }
  return typed?.service === service ? typed : null;
}

/** Once the app's form has taken it over: a later visit to the home page starts afresh. */
export function forgetTypedSearch(): void {
  read = true;
  typed = null;
}
