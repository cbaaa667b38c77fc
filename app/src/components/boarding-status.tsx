import type { Ticket } from 'core-wasm';
import { t } from '@/i18n/messages';
import '@/components/boarding-status.css';

/**
 * Whether the ticket boarded (issue 36): a supervisor scanned it at the door, or boarding closed
 * without it and its seat was given up (a no-show). Nothing before boarding.
 */
export function BoardingStatus({ ticket }: { ticket: Ticket }) {
  if (!ticket.boardingStatus) return null;
  return (
    <p className={`ticket__boarding ticket__boarding--${ticket.boardingStatus}`} data-testid="ticket-boarding">
      {t(ticket.boardingStatus === 'boarded' ? 'ticket.boarded' : 'ticket.noShow')}
    </p>
  );
}
