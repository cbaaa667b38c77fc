import { type Service, type Ticket } from 'core-wasm';
import { useNeedsNetwork } from '@/components/needs-network';
import { BoardingStatus } from '@/components/boarding-status';
import { PolicyTerms, TripNotice } from '@/components/plans';
import { useTicketDownload } from '@/features/booking/api/ticket';
import { useKeptPdf, useSavedCopy } from '@/features/saved-tickets/use-saved-copy';
import { displayDateTime } from '@/lib/date-time';
import { formatLongDate } from '@/lib/dates';
import { shownDigits } from '@/i18n/language';
import { t } from '@/i18n/messages';
import { localName } from '@/i18n/names';
import { taka } from '@/lib/money';

/**
 * An issued ticket as the traveller keeps it: PNR first (what they show when boarding), the
 * trip, the points, the seats, the fare lines and what was paid (all the server's), and the
 * PDF e-ticket.
 */
export function TicketView({ service, ticket }: { service: Service; ticket: Ticket }) {
  const download = useTicketDownload(service);
  // Kept on the phone with its PDF: it opens offline in 'My saved tickets' (issue 14).
  useSavedCopy(service, ticket);
  // Offline, the PDF comes from the copy on the phone; without one it needs the network.
  const network = useNeedsNetwork();
  const kept = useKeptPdf(ticket._id, network.offline);
  const noPdf = network.offline && !kept;
  const departure = ticket.departureDateTime ? displayDateTime(ticket.departureDateTime) : null;
  const paid = ticket.paymentHistory.paidAmount;
  const fareLines = ticket.fareLines ?? [];

  const fact = (label: string, value: string | null | undefined, testId?: string) =>
    value ? (
      <div>
        <dt>{label}</dt>
        <dd data-testid={testId}>{value}</dd>
      </div>
    ) : null;

  return (
    <section className="card booking-card ticket" aria-labelledby="ticket-title">
      <h2 id="ticket-title" className="card__title">
        {t('booking.ticket.title')}
      </h2>
      <p className="ticket__pnr">
        <span className="ticket__pnr-label">{t('booking.ticket.pnr')}</span>{' '}
        <strong data-testid="ticket-pnr">{ticket.pnr}</strong>
      </p>
      <BoardingStatus ticket={ticket} />
      <TripNotice ticket={ticket} />
      <dl className="facts">
        {fact(t('booking.ticket.operator'), localName(ticket, 'companyName'))}
        {fact(service === 'BUS' ? t('booking.ticket.vehicle') : t('booking.ticket.ship'), localName(ticket, 'vehicle'))}
        {ticket.from &&
          ticket.to &&
          fact(t('booking.ticket.route'), t('booking.ticket.routeText', { from: localName(ticket, 'from'), to: localName(ticket, 'to') }))}
        {departure && fact(t('booking.ticket.departure'), `${formatLongDate(departure.date)}, ${departure.time}`, 'ticket-departure')}
        {fact(t('booking.ticket.boarding'), localName(ticket, 'boardingPoint'), 'ticket-boarding')}
        {fact(t('booking.ticket.dropping'), localName(ticket, 'droppingPoint'), 'ticket-dropping')}
        {fact(t('booking.ticket.seats'), (ticket.seats ?? []).join(', '), 'ticket-seats')}
        {fact(t('booking.ticket.passenger'), [ticket.passengerName, ticket.phone && shownDigits(ticket.phone)].filter(Boolean).join(', '))}
      </dl>
      {fareLines.length > 0 && (
        <dl className="invoice">
          {fareLines.map((line) => (
            <div key={line.label} className="invoice__line">
              <dt>{localName(line, 'label')}</dt>
              <dd>{taka(line.amount)}</dd>
            </div>
          ))}
          {paid !== undefined && paid !== null && (
            <div className="invoice__line invoice__line--total">
              <dt>{t('booking.ticket.paid')}</dt>
              <dd data-testid="ticket-paid">{taka(paid)}</dd>
            </div>
          )}
        </dl>
      )}
      {ticket.paymentHistory.ticketStatus === 'confirmed' && <PolicyTerms policy={ticket.policy} />}
      <p className="muted">{t('booking.ticket.sent')}</p>
      <button
        type="button"
        className="button button--block"
        onClick={() => void download.run(ticket, kept)}
        disabled={download.pending || noPdf}
        aria-describedby={noPdf ? network.describedBy() : undefined}
      >
        {download.pending ? t('booking.ticket.downloading') : t('booking.ticket.download')}
      </button>
      {noPdf && network.reason}
    </section>
  );
}
