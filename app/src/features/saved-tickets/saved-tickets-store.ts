/**
 * Tickets kept on the device (issue 14): every ticket the traveller has seen (the success page,
 * History) is stored in IndexedDB with everything needed to board and its PDF, so the 'My saved
 * tickets' page opens without the network. idb-keyval: one small object store, keyed by the
 * ticket's id; a ticket seen again replaces its copy (a cancellation shows on the next view
 * online), and keeps the PDF unless the ticket's status changed (the PDF says the status too).
 *
 * The QR code is not stored: it is drawn on the device from the ticket's signed boarding code
 * (the PNR when it has none; ticket-qr.tsx), the same content as the PDF's.
 *
 * Each copy is noted in localStorage first (unsettled-copies.ts): an IndexedDB write a page
 * leaves behind is lost, and the copy must outlive a traveller who moves on at once.
 */
import { todayInDhaka, type Service, type Ticket } from 'core-wasm';
import { displayDateTime } from '@/lib/date-time';
import { createStore, del, get, update, values, type UseStore } from 'idb-keyval';
import { copySettled, forgetCopy, noteCopy, unsettledCopies, type UnsettledCopy } from '@/features/saved-tickets/unsettled-copies';

export interface SavedTicket {
  service: Service;
  ticket: Ticket;
  /** When this copy was last written (ISO 8601). */
  savedAt: string;
  /** The PDF e-ticket, once fetched; null until then. */
  pdf: Blob | null;
  /** The ticket status the PDF was made for. */
  pdfStatus: string | null;
}

let store: UseStore | null = null;
/** Opened on first use: a page that never saves or reads opens no database. */
function tickets(): UseStore {
  store ??= createStore('saved-tickets', 'tickets');
  return store;
}

/**
 * Saves (or refreshes) the copy of a ticket just seen. The copy is noted before this returns
 * its promise, so a page left at once keeps it too.
 */
export function saveTicket(service: Service, ticket: Ticket): Promise<SavedTicket> {
  return settle(noteCopy(service, ticket));
}

/** Writes a noted copy into IndexedDB, then takes the note out. */
async function settle(copy: UnsettledCopy): Promise<SavedTicket> {
  const { service, ticket, savedAt } = copy;
  let saved: SavedTicket | null = null;
  await update<SavedTicket>(
    ticket._id,
    (old) => {
      const sameStatus = old?.pdfStatus === ticket.paymentHistory.ticketStatus;
      saved = {
        service,
        ticket,
        savedAt,
        pdf: sameStatus ? (old?.pdf ?? null) : null,
        pdfStatus: sameStatus ? (old?.pdfStatus ?? null) : null,
      };
      return saved;
    },
    tickets(),
  );
  copySettled(copy);
  return saved as unknown as SavedTicket;
}

/**
 * The copies an earlier page noted but left before IndexedDB had them, moved there now. One
 * IndexedDB refuses stays noted for the next read, and does not keep the others from showing.
 */
async function settleLeftovers(): Promise<void> {
  for (const copy of unsettledCopies()) {
    await settle(copy).catch((error: unknown) => console.warn('could not keep a noted ticket on this device', error));
  }
}

/** Stores the PDF of a saved ticket, made while it had `status`. */
export async function savePdf(id: string, pdf: Blob, status: string): Promise<void> {
  await update<SavedTicket | undefined>(id, (old) => (old ? { ...old, pdf, pdfStatus: status } : old), tickets());
}

export async function savedTicket(id: string): Promise<SavedTicket | undefined> {
  await settleLeftovers();
  return get<SavedTicket>(id, tickets());
}

/** The saved ticket a payment (`tnxId`) issued, if this device keeps it. */
export async function savedTicketOfPayment(tnxId: string): Promise<SavedTicket | undefined> {
  await settleLeftovers();
  return (await values<SavedTicket>(tickets())).find((saved) => saved.ticket.tnxId === tnxId);
}

/**
 * Every saved ticket: today's and coming trips first (soonest first), then past ones (latest
 * first). Days are the core's (displayDateTime, todayInDhaka): wire times are not plain UTC.
 */
export async function savedTickets(): Promise<SavedTicket[]> {
  await settleLeftovers();
  const all = await values<SavedTicket>(tickets());
  const today = todayInDhaka();
  const when = (saved: SavedTicket) => saved.ticket.departureDateTime ?? '';
  const day = (saved: SavedTicket) => (saved.ticket.departureDateTime ? displayDateTime(saved.ticket.departureDateTime).date : '');
  const coming = all.filter((s) => day(s) >= today).sort((a, b) => when(a).localeCompare(when(b)));
  const past = all.filter((s) => day(s) < today).sort((a, b) => when(b).localeCompare(when(a)));
  return [...coming, ...past];
}

export function removeSavedTicket(id: string): Promise<void> {
  forgetCopy(id);
  return del(id, tickets());
}
