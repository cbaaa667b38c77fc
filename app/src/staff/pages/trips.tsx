/** Coming trips and their sales; a manager cancels one here and follows its refunds (issue 37). */
import { useEffect, useState } from 'react';
import type { StaffTrip, StaffTrips, TripCancellation } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, Outcome } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

/** How often a cancellation's progress is asked while its job runs. */
const PROGRESS_EVERY_MS = 1000;

export function TripsPage() {
  const trips = useLoad(() => get<StaffTrips>('trips'));
  const [cancelling, setCancelling] = useState<StaffTrip | null>(null);
  return (
    <section>
      <h1>{t('nav.trips')}</h1>
      {cancelling ? <CancelTrip trip={cancelling} onClose={() => (setCancelling(null), trips.reload())} /> : null}
      <DataTable
        caption={t('nav.trips')}
        rows={trips.data?.trips ?? []}
        columns={[
          { id: 'departs', header: t('trips.departs'), value: (r) => r.departs },
          { id: 'route', header: t('schedules.route'), value: (r) => r.routeId },
          { id: 'schedule', header: t('nav.schedules'), value: (r) => r.scheduleId ?? '' },
          { id: 'seats', header: t('trips.seats'), value: (r) => r.seats },
          { id: 'sold', header: t('trips.sold'), value: (r) => r.sold },
          {
            id: 'cancel',
            header: t('trips.cancel'),
            value: (r) => (r.cancelled ? t('trips.cancelled') : ''),
            cell: (r) =>
              r.cancelled ? (
                <button type="button" onClick={() => setCancelling(r)}>
                  {t('trips.cancelled')}
                </button>
              ) : (
                <button type="button" onClick={() => setCancelling(r)}>
                  {t('trips.cancelButton')}
                </button>
              ),
          },
        ]}
      />
      <Outcome error={trips.error} saved={false} />
    </section>
  );
}

/**
 * Cancelling one trip: the reason every traveller is told, a confirmation, then the job's
 * progress until every ticket is refunded or left to collect at a counter. A trip already
 * cancelled shows its cancellation.
 */
function CancelTrip({ trip, onClose }: { trip: StaffTrip; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [progress, setProgress] = useState<TripCancellation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const done = progress?.finishedAt != null && progress.messagesWaiting === 0;

  useEffect(() => {
    if (!trip.cancelled) return;
    get<TripCancellation>('trips/cancel/{id}', {}, trip.id).then(setProgress, setError);
  }, [trip]);
  useEffect(() => {
    if (!progress || done) return;
    const timer = window.setTimeout(() => get<TripCancellation>('trips/cancel/{id}', {}, trip.id).then(setProgress, setError), PROGRESS_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [progress, done, trip.id]);

  const cancel = (e: React.FormEvent) => {
    e.preventDefault();
    setSending(true);
    setError(null);
    post<TripCancellation>('trips/cancel', { tripId: trip.id, reason: reason.trim() }).then(setProgress, setError).finally(() => setSending(false));
  };

  return (
    <section className="staff-card trip-cancel" aria-labelledby="trip-cancel-title" role="region">
      <h2 id="trip-cancel-title">{t('trips.cancelTitle', { departs: trip.departs, route: trip.routeId })}</h2>
      {progress ? (
        <div role="status" aria-live="polite" data-testid="trip-cancel-progress">
          <p>{t('trips.reasonSaid', { reason: progress.reason })}</p>
          <p>
            {t('trips.progress', {
              cancelled: progress.ticketsCancelled,
              remaining: progress.remaining,
              online: progress.refundedOnline,
              done: progress.refundsDone,
              counter: progress.refundsAtCounter,
            })}
          </p>
          <p>{t('trips.messages', { sent: progress.messagesSent, waiting: progress.messagesWaiting })}</p>
          <p className={done ? 'staff-ok' : 'staff-muted'}>{done ? t('trips.finished') : t('trips.working')}</p>
        </div>
      ) : (
        <form onSubmit={cancel}>
          <p>{t('trips.cancelWarning', { sold: trip.sold })}</p>
          <Field label={t('trips.reason')} hint={t('trips.reasonHint')}>
            {(id, describedBy) => (
              <textarea id={id} aria-describedby={describedBy} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={120} rows={2} />
            )}
          </Field>
          <div className="staff-actions">
            <button type="submit" className="staff-danger" disabled={sending || reason.trim().length < 3}>
              {t('trips.cancelConfirm')}
            </button>
            <button type="button" onClick={onClose}>
              {t('form.cancel')}
            </button>
          </div>
        </form>
      )}
      {progress ? (
        <button type="button" onClick={onClose}>
          {t('trips.close')}
        </button>
      ) : null}
      <Outcome error={error} saved={false} />
    </section>
  );
}
