/**
 * The ticket whose date the traveller is changing (issue 37), kept for this tab while they
 * choose the other trip, its seats and the details as for any sale: the results show the same
 * operator's trips of the route, and the payment page of a booking on that route becomes the
 * change's (the fee, what the old ticket brings, the difference), confirmed with a code sent to
 * the ticket's phone (`send-otp` with `action: change`, then `change-ticket`).
 */
import type { Ticket } from 'core-wasm';
import { ticketChangeQuote, type ChangeQuote } from 'core-wasm/booking';
import { displayDateTime } from '@/lib/date-time';

const KEY = 'change-in-hand';

/** Whether the ticket's policy lets its date change now (to any other date it allows). */
export function mayChangeDate(ticket: Ticket, nowMs?: number): boolean {
  const paid = ticket.paymentHistory.paidAmount;
  if (paid == null || !ticket.departureDateTime || !ticket.fromCityId || !ticket.toCityId) return false;
  // Its own departure as the other date: the old ticket's rule alone decides.
  const quote: ChangeQuote | undefined = ticketChangeQuote(ticket, paid, ticket.departureDateTime, nowMs);
  return quote?.outcome === 'allowed';
}

/** Keeps `ticket` as the change in hand and answers where its other dates are listed. */
export function startChange(ticket: Ticket, journeyDate: string): string {
  sessionStorage.setItem(KEY, JSON.stringify(ticket));
  const params = new URLSearchParams({
    from: ticket.fromCityId ?? '',
    to: ticket.toCityId ?? '',
    journeyDate,
    coachType: 'all',
  });
  if (ticket.operatorId) params.set('busCompany', ticket.operatorId);
  return `/bus/trip?${params.toString()}`;
}

/** The day after the ticket's departure (Dhaka), where the search for another date starts. */
export function dayAfter(ticket: Ticket): string {
  const date = ticket.departureDateTime ? displayDateTime(ticket.departureDateTime).date : '';
  const day = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(day) ? '' : new Date(day + 86_400_000).toISOString().slice(0, 10);
}

/** The change in hand, if any. */
export function changeInHand(): Ticket | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    return kept ? (JSON.parse(kept) as Ticket) : null;
  } catch {
    return null;
  }
}

/** Done, or given up. */
export function endChange(): void {
  sessionStorage.removeItem(KEY);
}
