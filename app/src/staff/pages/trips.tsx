/**
 * Coming trips and their sales; a manager moves one's departure or one of its points, or cancels
 * it and follows its refunds (issue 37).
 */
import { useEffect, useState } from 'react';
import type { PointMoved, StaffTrip, StaffTrips, TripCancellation, TripChanged, TripPoints } from 'core-wasm/staff';
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
  const [moving, setMoving] = useState<StaffTrip | null>(null);
  const [pointing, setPointing] = useState<StaffTrip | null>(null);
  return (
    <section>
      <h1>{t('nav.trips')}</h1>
      {cancelling ? <CancelTrip trip={cancelling} onChanged={trips.reload} onClose={() => setCancelling(null)} /> : null}
      {moving ? <MoveTrip trip={moving} onChanged={trips.reload} onClose={() => setMoving(null)} /> : null}
      {pointing ? <MovePoint trip={pointing} onClose={() => setPointing(null)} /> : null}
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
                <span className="staff-actions">
                  <button type="button" onClick={() => setMoving(r)}>
                    {t('trips.moveButton')}
                  </button>
                  <button type="button" onClick={() => setPointing(r)}>
                    {t('trips.pointButton')}
                  </button>
                  <button type="button" onClick={() => setCancelling(r)}>
                    {t('trips.cancelButton')}
                  </button>
                </span>
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
function CancelTrip({ trip, onChanged, onClose }: { trip: StaffTrip; onChanged: () => void; onClose: () => void }) {
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
    post<TripCancellation>('trips/cancel', { tripId: trip.id, reason: reason.trim() })
      .then((started) => (setProgress(started), onChanged()), setError)
      .finally(() => setSending(false));
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
              {t('trips.keep')}
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

/** A trip's new departure: its travellers are told by SMS and may cancel free (issue 37). */
function MoveTrip({ trip, onChanged, onClose }: { trip: StaffTrip; onChanged: () => void; onClose: () => void }) {
  const [departs, setDeparts] = useState(trip.departs.replace(' ', 'T'));
  const [moved, setMoved] = useState<TripChanged | null>(null);
  const [error, setError] = useState<unknown>(null);
  const move = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    post<TripChanged>('trips/change', { tripId: trip.id, departs: departs.replace('T', ' ') }).then((done) => (setMoved(done), onChanged()), setError);
  };
  return (
    <TripChangeCard
      id="trip-move-title"
      title={t('trips.moveTitle', { departs: trip.departs, route: trip.routeId })}
      done={moved && t('trips.moved', { departs: moved.departs, told: moved.ticketsTold })}
      confirm={t('trips.moveConfirm')}
      onSubmit={move}
      onClose={onClose}
      error={error}
    >
      <Field label={t('trips.newDeparture')} hint={t('trips.moveHint')}>
        {(id, describedBy) => <input id={id} type="datetime-local" aria-describedby={describedBy} value={departs} onChange={(e) => setDeparts(e.target.value)} required />}
      </Field>
    </TripChangeCard>
  );
}

/**
 * One of a trip's points moved to another place of its city (a road closed, a counter moved):
 * its tickets and holds name the place, those boarding there are told and may cancel free.
 */
function MovePoint({ trip, onClose }: { trip: StaffTrip; onClose: () => void }) {
  const [points, setPoints] = useState<TripPoints | null>(null);
  const [pointId, setPointId] = useState('');
  const [toPointId, setToPointId] = useState('');
  const [moved, setMoved] = useState<PointMoved | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    get<TripPoints>('trips/points/{id}', {}, trip.id).then((listed) => {
      setPoints(listed);
      const first = listed.points[0];
      setPointId(first?.pointId ?? '');
      setToPointId(first?.movedTo?.id ?? first?.pointId ?? '');
    }, setError);
  }, [trip.id]);
  const point = points?.points.find((p) => p.pointId === pointId);
  const choose = (id: string) => {
    setPointId(id);
    const chosen = points?.points.find((p) => p.pointId === id);
    setToPointId(chosen?.movedTo?.id ?? id);
  };
  const move = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    post<PointMoved>('trips/points', { tripId: trip.id, pointId, toPointId }).then(setMoved, setError);
  };
  return (
    <TripChangeCard
      id="trip-point-title"
      title={t('trips.pointTitle', { departs: trip.departs, route: trip.routeId })}
      done={moved && t('trips.pointMoved', { place: moved.name, told: moved.ticketsTold })}
      confirm={t('trips.pointConfirm')}
      ready={points !== null}
      canSend={Boolean(pointId && toPointId)}
      onSubmit={move}
      onClose={onClose}
      error={error}
    >
      <Field label={t('trips.point')}>
        {(id, describedBy) => (
          <select id={id} aria-describedby={describedBy} value={pointId} onChange={(e) => choose(e.target.value)}>
            {points?.points.map((p) => (
              <option key={p.pointId} value={p.pointId}>
                {p.movedTo ? t('trips.pointNow', { point: p.name, place: p.movedTo.name }) : p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('trips.pointTo')} hint={t('trips.pointHint')}>
        {(id, describedBy) => (
          <select id={id} aria-describedby={describedBy} value={toPointId} onChange={(e) => setToPointId(e.target.value)}>
            {point?.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </TripChangeCard>
  );
}

interface TripChangeCardProps {
  id: string;
  title: string;
  /** What was done, once it is (its travellers being told). */
  done: string | null;
  confirm: string;
  /** Whether the form can be shown (what it offers has come). */
  ready?: boolean;
  canSend?: boolean;
  onSubmit: (e: React.FormEvent) => void;
  onClose: () => void;
  error: unknown;
  children: React.ReactNode;
}

/** A change to one trip: its form until it is sent, then what was done and Close. */
function TripChangeCard({ id, title, done, confirm, ready = true, canSend = true, onSubmit, onClose, error, children }: TripChangeCardProps) {
  return (
    <section className="staff-card" aria-labelledby={id} role="region">
      <h2 id={id}>{title}</h2>
      {done !== null ? (
        <>
          <p className="staff-ok" role="status">
            {done}
          </p>
          <button type="button" onClick={onClose}>
            {t('trips.close')}
          </button>
        </>
      ) : ready ? (
        <form onSubmit={onSubmit}>
          {children}
          <div className="staff-actions">
            <button type="submit" className="staff-primary" disabled={!canSend}>
              {confirm}
            </button>
            <button type="button" onClick={onClose}>
              {t('form.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <Outcome error={error} saved={false} />
    </section>
  );
}
