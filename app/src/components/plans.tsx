import type { Policy, Ticket } from 'core-wasm';
import { policyWords, refundAtCounter } from 'core-wasm/booking';
import { t } from '@/i18n/messages';
import { useLanguage } from '@/i18n/language';
import { taka } from '@/lib/money';
import '@/components/plans.css';

/**
 * The operator's cancellation and date-change policy in plain words (issue 37), in the language
 * shown: on the payment page before paying (the policy the ticket will keep) and on the ticket.
 */
export function PolicyTerms({ policy }: { policy?: Policy | null }) {
  const language = useLanguage();
  if (!policy) return null;
  const lines = policyWords(policy, language);
  return (
    <details className="policy-terms" data-testid="policy-terms">
      <summary>{t('policy.title')}</summary>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </details>
  );
}

/**
 * Why a ticket the operator cancelled is cancelled, and how the money comes back (in full: to the
 * card or wallet that paid, or at a counter for cash). A changed trip says the ticket may be
 * cancelled free; a ticket whose date the traveller changed names its new ticket, and what of
 * the difference came back.
 */
export function TripNotice({ ticket }: { ticket: Ticket }) {
  if (ticket.cancelledBy === 'changed') {
    const refund = ticket.paymentHistory.refundAmount ?? 0;
    const pnr = ticket.changedTo ?? '';
    return (
      <p className="trip-notice" role="status" data-testid="ticket-changed">
        {refund > 0 ? t('ticket.changedRefund', { pnr, amount: taka(refund) }) : t('ticket.changed', { pnr })}
      </p>
    );
  }
  if (ticket.cancelledBy === 'operator') {
    const amount = taka(ticket.paymentHistory.refundAmount ?? ticket.paymentHistory.paidAmount ?? 0);
    const reason = ticket.cancelReason ?? '';
    const counter = refundAtCounter(ticket);
    return (
      <p className="trip-notice trip-notice--cancelled" role="status" data-testid="trip-cancelled">
        {t(counter ? 'ticket.operatorCancelledCounter' : 'ticket.operatorCancelled', { reason, amount })}
      </p>
    );
  }
  if (ticket.cancelFree) {
    return (
      <p className="trip-notice" role="status" data-testid="trip-changed">
        {t('ticket.tripChanged')}
      </p>
    );
  }
  return null;
}
