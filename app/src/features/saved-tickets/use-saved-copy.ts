/**
 * Keeps a copy of a ticket on the device whenever a page shows one (the success page, History):
 * the ticket at once, its PDF in idle time while online (a phone on a slow network is not made
 * to wait for it). A ticket seen again replaces its copy: a cancellation is kept the next time
 * the ticket is seen online.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { Service, Ticket } from 'core-wasm';
import { useApi, type Api } from '@/api/api-client';
import { savedTicket, savedTicketOfPayment, savePdf, saveTicket, type SavedTicket } from '@/features/saved-tickets/saved-tickets-store';

/** After the page has drawn and the browser has nothing more urgent to do. */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 1000);
}

/** Fetches and keeps the ticket's PDF (the caller knows none is kept yet); nothing offline. */
export async function keepPdf(api: Api, service: Service, ticket: Ticket): Promise<void> {
  if (!navigator.onLine) return;
  const pdf = await api.call('download-ticket-pdf', service, { id: ticket._id });
  await savePdf(ticket._id, pdf, ticket.paymentHistory.ticketStatus);
}

/** The page works as before without a copy (private mode, a full disk, no PDF yet). */
function warn(error: unknown): void {
  console.warn('could not keep the ticket on this device', error);
}

/** Saves `ticket` (and then its PDF) on this device; nothing for null. */
export function useSavedCopy(service: Service, ticket: Ticket | null | undefined): void {
  const api = useApi();
  // The copy changes only when the ticket does (its status, above all).
  const json = ticket ? JSON.stringify(ticket) : null;
  // A layout effect: the copy is noted in the task that draws the ticket, so no page can be
  // left between the ticket showing and its copy being noted.
  useLayoutEffect(() => {
    if (!json) return;
    const shown = JSON.parse(json) as Ticket;
    // The copy at once (noted before saveTicket returns: a traveller who moves on at once keeps
    // the ticket too); its PDF, a download, after the page has drawn.
    saveTicket(service, shown)
      .then((saved) => {
        if (!saved.pdf) whenIdle(() => void keepPdf(api, service, shown).catch(warn));
      })
      .catch(warn);
  }, [api, service, json]);
}

/**
 * The PDF of ticket `id` kept on this device, looked up while `wanted` (offline, when the server
 * cannot make one); null when none is kept or not wanted.
 */
export function useKeptPdf(id: string, wanted: boolean): Blob | null {
  const [kept, setKept] = useState<{ id: string; pdf: Blob | null } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    savedTicket(id)
      .then((saved) => current && setKept({ id, pdf: saved?.pdf ?? null }))
      .catch(() => current && setKept({ id, pdf: null }));
    return () => {
      current = false;
    };
  }, [id, wanted]);
  return wanted && kept?.id === id ? kept.pdf : null;
}

/**
 * The ticket of payment `tnxId` as this device keeps it, looked up while `wanted` (offline):
 * undefined while looking, null when none is kept.
 */
export function useKeptTicketOfPayment(tnxId: string, wanted: boolean): SavedTicket | null | undefined {
  const [kept, setKept] = useState<{ tnxId: string; saved: SavedTicket | null } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    savedTicketOfPayment(tnxId)
      .then((saved) => current && setKept({ tnxId, saved: saved ?? null }))
      .catch(() => current && setKept({ tnxId, saved: null }));
    return () => {
      current = false;
    };
  }, [tnxId, wanted]);
  return kept?.tnxId === tnxId ? kept.saved : undefined;
}
