/**
 * Copies of tickets not yet known to be in IndexedDB. An IndexedDB write answers later (the
 * first one opens the database), and a page left within those milliseconds loses it: a traveller
 * who leaves the success page at once would find no saved ticket. A localStorage write is done
 * when the call returns, so each copy is written here first and taken out once IndexedDB has it;
 * whatever is still here when the saved tickets are read is moved into IndexedDB first.
 *
 * Quiet on failure (private mode, a full quota): the copy then rests on IndexedDB alone, as
 * before, and the page works as without a copy. Not lib/storage.ts: its copy in memory would
 * not outlive the page, and its toast is for the settings a traveller chose.
 */
import type { Service, Ticket } from 'core-wasm';

/** One localStorage item per ticket: a page showing many tickets (History) writes each alone. */
const PREFIX = 'saved-tickets:unsettled:';

export interface UnsettledCopy {
  service: Service;
  ticket: Ticket;
  /** When it was noted (ISO 8601). */
  savedAt: string;
  /** Tells two copies of one ticket apart (two may be noted within a millisecond). */
  mark: string;
}

function read(id: string): UnsettledCopy | null {
  try {
    const stored = window.localStorage.getItem(PREFIX + id);
    return stored ? (JSON.parse(stored) as UnsettledCopy) : null;
  } catch {
    return null;
  }
}

function remove(id: string): void {
  try {
    window.localStorage.removeItem(PREFIX + id);
  } catch {
    // Nothing noted, or storage gone: nothing to take out.
  }
}

/** Notes a copy of `ticket` (replacing an older one) before the call returns. */
export function noteCopy(service: Service, ticket: Ticket): UnsettledCopy {
  const copy = { service, ticket, savedAt: new Date().toISOString(), mark: Math.random().toString(36).slice(2) };
  try {
    window.localStorage.setItem(PREFIX + ticket._id, JSON.stringify(copy));
  } catch (error) {
    console.warn('could not note the ticket on this device', error);
  }
  return copy;
}

/** IndexedDB has `copy`: it is taken out, unless a newer copy of its ticket was noted since. */
export function copySettled(copy: UnsettledCopy): void {
  if (read(copy.ticket._id)?.mark === copy.mark) remove(copy.ticket._id);
}

/** The ticket was removed from the device: no copy of it is kept anywhere. */
export function forgetCopy(id: string): void {
  remove(id);
}

export function unsettledCopies(): UnsettledCopy[] {
  let keys: string[];
  try {
    keys = Object.keys(window.localStorage).filter((key) => key.startsWith(PREFIX));
  } catch {
    return [];
  }
  return keys.flatMap((key) => read(key.slice(PREFIX.length)) ?? []);
}
