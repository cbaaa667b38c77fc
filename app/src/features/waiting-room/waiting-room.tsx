import { useEffect, useEffectEvent } from 'react';
import type { QueueNotice, QueueStanding } from 'core-wasm';
import { isBusy, useApi } from '@/api/api-client';
import { usePoll } from '@/api/use-poll';
import { keepAdmission, type KeptAdmission } from '@/features/waiting-room/admission';
import { shownDigits } from '@/i18n/language';
import { t } from '@/i18n/messages';
import { displayDateTime } from '@/lib/date-time';
import { clock, useCountdown } from '@/lib/use-countdown';
import '@/features/waiting-room/waiting-room.css';

/** The longest a poll waits, whatever the server hints (and after failures). */
const MAX_WAIT_MS = 30_000;

/**
 * The Eid waiting room in place of a sale window's seat plan (issue 16): joins the trip's line
 * (the server keeps one place per visitor, so a reload finds the same place), then asks where
 * it stands as often as the server says (`pollAfterMs`), backing off after failures. Position,
 * people ahead, the estimated wait and a progress bar; before the opening, when it opens and why
 * arriving early gains nothing. When the turn comes the admission is kept on this tab and
 * `onAdmitted` moves on to the seats. The asking is the data layer's (`usePoll`).
 */
export function WaitingRoom({ tripId, notice, onAdmitted }: { tripId: string; notice: QueueNotice; onAdmitted: (admission: KeptAdmission) => void }) {
  const api = useApi();
  const admitted = useEffectEvent(onAdmitted);
  // The first ask joins the line (the server keeps one place per visitor, so a reload finds the
  // same place); later ones ask about the place it gave.
  const { data: standing, problem, failure } = usePoll<QueueStanding>(
    `queue:${tripId}`,
    (last) => (last ? api.call('queue/status', 'COMMON', { queueId: last.queueId }) : api.call('queue/join', 'COMMON', { tripId })),
    { nextAfterMs: (now) => (now.admission || now.lapsed || now.pollAfterMs === 0 ? null : now.pollAfterMs), maxWaitMs: MAX_WAIT_MS },
  );
  useEffect(() => {
    if (standing?.admission) admitted(keepAdmission(tripId, standing.admission));
  }, [standing, tripId]);

  const opens = displayDateTime(notice.opensAt);
  const preQueue = (standing?.phase ?? notice.phase) === 'PRE_QUEUE';
  const position = standing?.position ?? null;
  const ahead = standing?.ahead ?? null;
  const minutes = standing?.waitSeconds != null ? Math.ceil(standing.waitSeconds / 60) : null;
  // The site full for a moment (issue 38): no error, the place is kept, and it asks again.
  const busy = problem !== null && isBusy(failure);

  return (
    <section className="waiting-room card" aria-labelledby="waiting-room-title" data-testid="waiting-room">
      <h2 id="waiting-room-title" className="card__title">
        {t('queue.title')}
      </h2>
      {preQueue && <p>{t('queue.preQueue', { time: opens.time })}</p>}
      <div role="status" className="waiting-room__status">
        {!standing && !problem && <p>{t('queue.joining')}</p>}
        {busy && <p className="waiting-room__busy">{t(standing ? 'queue.busyKept' : 'queue.busy')}</p>}
        {standing && position === null && !standing.lapsed && <p className="waiting-room__place">{t('queue.joined')}</p>}
        {standing && position !== null && !standing.lapsed && (
          <>
            <p className="waiting-room__place">{t('queue.position', { position })}</p>
            {ahead !== null && <p>{t('queue.ahead', { count: ahead })}</p>}
            {minutes !== null && <p>{minutes <= 1 ? t('queue.waitSoon') : t('queue.wait', { minutes })}</p>}
          </>
        )}
        {standing?.lapsed && <p className="waiting-room__lapsed">{t('queue.lapsed')}</p>}
      </div>
      {position !== null && ahead !== null && !standing?.lapsed && (
        <progress className="waiting-room__progress" max={position} value={position - ahead} aria-label={t('queue.progress')} />
      )}
      {problem && !busy && (
        <p className="waiting-room__problem" role="alert">
          {problem}
        </p>
      )}
      <p className="waiting-room__hint">{t('queue.keepOpen')}</p>
      {standing && (
        <details className="waiting-room__draw">
          <summary>{t('queue.fairDraw')}</summary>
          <p>{t('queue.seedHash', { hash: standing.seedHash })}</p>
          {standing.seed && <p>{t('queue.seed', { seed: standing.seed })}</p>}
        </details>
      )}
    </section>
  );
}

/** Over the seat plan once the turn has come: how long the admission still lasts (m:ss). */
export function TurnBanner({ admission }: { admission: KeptAdmission }) {
  const left = useCountdown(admission.endsAtMs) ?? 0;
  return (
    <p className="waiting-room__turn" data-testid="queue-turn">
      {t('queue.turn', { time: shownDigits(clock(left)) })}
    </p>
  );
}
