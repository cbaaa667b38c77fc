import { displayCities, type Service, type Ticket } from 'core-wasm';
import { useNeedsNetwork } from '@/components/needs-network';
import { BoardingStatus } from '@/components/boarding-status';
import { PolicyTerms, TripNotice } from '@/components/plans';
import { mayChangeDate } from '@/features/change-date/change-in-hand';
import { useTicketDownload } from '@/features/booking/api/ticket';
import { useKeptPdf, useSavedCopy } from '@/features/saved-tickets/use-saved-copy';
import { t, type MessageId } from '@/i18n/messages';
import { localName } from '@/i18n/names';
import { displayDateTime } from '@/lib/date-time';
import { formatLongDate } from '@/lib/dates';
import { taka } from '@/lib/money';

interface TicketCardProps {
  ticket: Ticket;
  service: Service;
  /** Starts a cancellation (sends the code); absent while another one is being started. */
  onCancel: (ticket: Ticket) => void;
  /** This ticket's cancel code is being sent. */
  cancelling: boolean;
  /** Starts changing the ticket's date (issue 37): offered while its policy allows one. */
  onChangeDate?: (ticket: Ticket) => void;
}

/** A city as the site shows it (the core's display rules: Chattogram shows as Chittagong). */
function cityName(name: string): string {
  // The list rule also hides 'Dhaka ...' terminals from pickers; a ticket's city is kept as is then.
  return displayCities([{ name }])[0]?.name ?? name;
}

/** A ticket's city: its Bangla name while Bangla is shown (names.ts), else as the site shows it. */
function shownCity(ticket: Ticket, field: 'from' | 'to'): string {
  const name = ticket[field] ?? '';
  const shown = localName(ticket, field);
  return shown !== name ? shown : cityName(name);
}

/**
 * One found ticket (SPEC §3 "Ticket"): its status (paymentHistory.ticketStatus), PNR, route,
 * departure as the core shows stored times, points, seats, fare lines and amounts. A confirmed
 * ticket can be cancelled; a bus ticket can be downloaded as a PDF (SPEC §1).
 */
export function TicketCard({ ticket, service, onCancel, cancelling, onChangeDate }: TicketCardProps) {
  // The booking pages' download (the same PDF from the success page).
  const download = useTicketDownload(service);
  // Kept on the phone, a cancellation included, for 'My saved tickets' offline (issue 14).
  useSavedCopy(service, ticket);
  // Cancelling needs the network; offline, the PDF comes from the copy on the phone if kept.
  const network = useNeedsNetwork();
  const kept = useKeptPdf(ticket._id, network.offline);
  const noPdf = network.offline && !kept;
  const history = ticket.paymentHistory;
  const status = history.ticketStatus;
  const pnr = ticket.pnr ?? ticket._id;
  const departure = ticket.departureDateTime ? displayDateTime(ticket.departureDateTime) : null;
  const headingId = `ticket-${ticket._id}`;

  return (
    <li className="card ticket" aria-labelledby={headingId}>
      <div className="ticket__head">
        <h3 id={headingId} className="ticket__title" tabIndex={-1}>
          {ticket.from && ticket.to ? t('ticket.route', { from: shownCity(ticket, 'from'), to: shownCity(ticket, 'to') }) : pnr}
        </h3>
        <span className={`ticket__status ticket__status--${status}`}>{t(`ticket.status.${status}` as MessageId)}</span>
      </div>
      <BoardingStatus ticket={ticket} />
      <TripNotice ticket={ticket} />
      {(ticket.companyName || ticket.vehicle) && (
        <p className="ticket__operator">{[localName(ticket, 'companyName'), localName(ticket, 'vehicle')].filter(Boolean).join(' · ')}</p>
      )}
      <dl className="ticket__facts">
        <div>
          <dt>{t('ticket.pnr')}</dt>
          <dd className="ticket__pnr">{pnr}</dd>
        </div>
        {departure && (
          <div>
            <dt>{t('ticket.departure')}</dt>
            <dd>
              {formatLongDate(departure.date)}, {departure.time}
            </dd>
          </div>
        )}
        {ticket.boardingPoint && (
          <div>
            <dt>{t('ticket.boarding')}</dt>
            <dd>{localName(ticket, 'boardingPoint')}</dd>
          </div>
        )}
        {ticket.droppingPoint && (
          <div>
            <dt>{t('ticket.dropping')}</dt>
            <dd>{localName(ticket, 'droppingPoint')}</dd>
          </div>
        )}
        {ticket.seats && ticket.seats.length > 0 && (
          <div>
            <dt>{t('ticket.seats')}</dt>
            <dd>{ticket.seats.join(', ')}</dd>
          </div>
        )}
        {ticket.passengerName && (
          <div>
            <dt>{t('ticket.passenger')}</dt>
            <dd>{ticket.passengerName}</dd>
          </div>
        )}
      </dl>
      <h4 className="ticket__subtitle">{t('ticket.fare')}</h4>
      <dl className="ticket__fares">
        {(ticket.fareLines ?? []).map((line) => (
          <div key={line.label}>
            <dt>{localName(line, 'label')}</dt>
            <dd>{taka(line.amount)}</dd>
          </div>
        ))}
        {history.paidAmount != null && (
          <div className="ticket__total">
            <dt>{t('ticket.paid')}</dt>
            <dd>{taka(history.paidAmount)}</dd>
          </div>
        )}
        {history.cancellationFee != null && (
          <div>
            <dt>{t('ticket.fee')}</dt>
            <dd>{taka(history.cancellationFee)}</dd>
          </div>
        )}
        {history.refundAmount != null && (
          <div className="ticket__refund">
            <dt>{t('ticket.refund')}</dt>
            <dd>{taka(history.refundAmount)}</dd>
          </div>
        )}
      </dl>
      {history.refundStatus && <p className="muted">{t(`refund.${history.refundStatus}`)}</p>}
      {status === 'confirmed' && <PolicyTerms policy={ticket.policy} />}
      {status === 'confirmed' && (
        <div className="ticket__actions">
          {service === 'BUS' && (
            <button
              type="button"
              className="button"
              aria-describedby={noPdf ? network.describedBy(headingId) : headingId}
              disabled={download.pending || noPdf}
              onClick={() => void download.run(ticket, kept)}
            >
              {download.pending ? t('ticket.downloading') : t('ticket.download')}
            </button>
          )}
          <button
            type="button"
            className="button button--ghost"
            aria-describedby={network.describedBy(headingId)}
            disabled={cancelling || network.offline}
            onClick={() => onCancel(ticket)}
          >
            {cancelling ? t('ticket.cancelling') : t('ticket.cancel')}
          </button>
          {onChangeDate && service === 'BUS' && mayChangeDate(ticket) && (
            <button
              type="button"
              className="button button--ghost"
              aria-describedby={network.describedBy(headingId)}
              disabled={network.offline}
              onClick={() => onChangeDate(ticket)}
            >
              {t('ticket.changeDate')}
            </button>
          )}
          {network.reason}
        </div>
      )}
    </li>
  );
}
