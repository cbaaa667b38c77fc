import { useEffect, useState } from 'react';
import { displayCities } from 'core-wasm';
import { displayDateTime } from '@/lib/date-time';
import { useApi } from '@/api/api-client';
import { BoardingStatus } from '@/components/boarding-status';
import type { SavedTicket } from '@/features/saved-tickets/saved-tickets-store';
import { keepPdf } from '@/features/saved-tickets/use-saved-copy';
import { TicketQr } from '@/features/saved-tickets/components/ticket-qr';
import { t, type MessageId } from '@/i18n/messages';
import { formatLongDate } from '@/lib/dates';
import { taka } from '@/lib/money';

/** A city as the site shows it (the core's display rules), a ticket's city kept as is otherwise. */
const cityName = (name: string) => displayCities([{ name }])[0]?.name ?? name;

/** A link to the saved PDF while the card is shown (an object URL, freed with the card). */
function usePdfUrl(pdf: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) return;
    const href = URL.createObjectURL(pdf);
    // An external system (the object URL) is this effect's to keep in step with the blob.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(href);
    return () => {
      URL.revokeObjectURL(href);
      setUrl(null);
    };
  }, [pdf]);
  return url;
}

/**
 * A saved ticket as it is shown at boarding: PNR and its QR code first, then who, what and when
 * (operator or ship, route, departure, points, seats or cabins, passenger, fare, status), and
 * the PDF kept with it. Everything comes from the device: nothing here needs the network.
 */
export function SavedTicketCard({ saved, onRemove }: { saved: SavedTicket; onRemove: (id: string) => void }) {
  const { ticket, service } = saved;
  const status = ticket.paymentHistory.ticketStatus;
  const pnr = ticket.pnr ?? ticket._id;
  const departure = ticket.departureDateTime ? displayDateTime(ticket.departureDateTime) : null;
  const pdfUrl = usePdfUrl(saved.pdf);
  const api = useApi();
  // A copy saved without its PDF (the traveller left the success page at once) gets it the next
  // time this page is open online; the next visit shows the link.
  useEffect(() => {
    if (saved.pdf || ticket.paymentHistory.ticketStatus !== 'confirmed') return;
    keepPdf(api, service, ticket).catch((error: unknown) => console.warn('could not keep the PDF on this device', error));
  }, [api, service, ticket, saved.pdf]);
  const headingId = `saved-${ticket._id}`;
  const paid = ticket.paymentHistory.paidAmount;

  const fact = (label: string, value: string | null | undefined) =>
    value ? (
      <div>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ) : null;

  return (
    <li className="card saved-ticket" aria-labelledby={headingId} data-testid="saved-ticket">
      <div className="saved-ticket__head">
        <h2 id={headingId} className="saved-ticket__title">
          {ticket.from && ticket.to ? t('ticket.route', { from: cityName(ticket.from), to: cityName(ticket.to) }) : pnr}
        </h2>
        <span className={`saved-ticket__status saved-ticket__status--${status}`}>{t(`ticket.status.${status}` as MessageId)}</span>
      </div>
      <BoardingStatus ticket={ticket} />
      <p className="saved-ticket__pnr">
        {t('ticket.pnr')} <strong data-testid="saved-pnr">{pnr}</strong>
      </p>
      <div className="saved-ticket__qr">
        <TicketQr pnr={pnr} code={ticket.boardingCode} />
      </div>
      <dl className="saved-ticket__facts">
        {fact(t('booking.ticket.operator'), ticket.companyName)}
        {fact(service === 'BUS' ? t('booking.ticket.vehicle') : t('booking.ticket.ship'), ticket.vehicle)}
        {departure && fact(t('ticket.departure'), `${formatLongDate(departure.date)}, ${departure.time}`)}
        {fact(t('ticket.boarding'), ticket.boardingPoint)}
        {fact(t('ticket.dropping'), ticket.droppingPoint)}
        {fact(t('ticket.seats'), (ticket.seats ?? []).join(', '))}
        {fact(t('ticket.passenger'), [ticket.passengerName, ticket.phone].filter(Boolean).join(', '))}
        {paid != null && fact(t('ticket.paid'), taka(paid))}
        {ticket.paymentHistory.refundAmount != null && fact(t('ticket.refund'), taka(ticket.paymentHistory.refundAmount))}
      </dl>
      <div className="saved-ticket__actions">
        {pdfUrl ? (
          <a className="button" href={pdfUrl} download={`ticket-${pnr}.pdf`}>
            {t('saved.pdf')}
          </a>
        ) : (
          <p className="muted">{t('saved.noPdf')}</p>
        )}
        <button type="button" className="button button--ghost" aria-describedby={headingId} onClick={() => onRemove(ticket._id)}>
          {t('saved.remove')}
        </button>
      </div>
    </li>
  );
}
