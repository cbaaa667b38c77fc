import { useEffect, useEffectEvent, useState } from 'react';
import type { QueueNotice, QueueStanding } from 'core-wasm';
import { failureText, useApi } from '@/api/api-client';
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
 * `onAdmitted` moves on to the seats. No library: the page stays light on a slow phone.
 */
export function WaitingRoom({ tripId, notice, onAdmitted }: { tripId: string; notice: QueueNotice; onAdmitted: (admission: KeptAdmission) => void }) {
  const api = useApi();
  const [standing, setStanding] = useState<QueueStanding | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const admitted = useEffectEvent(onAdmitted);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let place: string | null = null;
    let backoff = 2_000;
    const ask = async () => {
      let wait = backoff;
      try {
        const now = place ? await api.call('queue/status', 'COMMON', { queueId: place }) : await api.call('queue/join', 'COMMON', { tripId });
        if (stopped) return;
        place = now.queueId;
        setStanding(now);
        setProblem(null);
        backoff = 2_000;
        if (now.admission) {
          admitted(keepAdmission(tripId, now.admission));
          return;
        }
        if (now.lapsed || now.pollAfterMs === 0) return;
        wait = now.pollAfterMs;
      } catch (error) {
        if (stopped) return;
        setProblem(failureText(error));
        backoff = Math.min(backoff * 2, MAX_WAIT_MS);
      }
      timer = setTimeout(() => void ask(), Math.min(wait, MAX_WAIT_MS));
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, tripId]);

  const opens = displayDateTime(notice.opensAt);
  const preQueue = (standing?.phase ?? notice.phase) === 'PRE_QUEUE';
  const position = standing?.position ?? null;
  const ahead = standing?.ahead ?? null;
  const minutes = standing?.waitSeconds != null ? Math.ceil(standing.waitSeconds / 60) : null;

  return (
    <section className="waiting-room card" aria-labelledby="waiting-room-title" data-testid="waiting-room">
      <h2 id="waiting-room-title" className="card__title">
        {t('queue.title')}
      </h2>
      {preQueue && <p>{t('queue.preQueue', { time: opens.time })}</p>}
      <div role="status" className="waiting-room__status">
        {!standing && !problem && <p>{t('queue.joining')}</p>}
        {standing && position === null && !standing.lapsed && <p className="waiting-room__place">{t('queue.joined')}</p>}
        {standing && position !== null && !standing.lapsed && (
          <>
            <p className="waiting-room__place">{t('queue.position', { position, total: standing.total })}</p>
            {ahead !== null && <p>{t('queue.ahead', { count: ahead })}</p>}
            {minutes !== null && <p>{minutes <= 1 ? t('queue.waitSoon') : t('queue.wait', { minutes })}</p>}
          </>
        )}
        {standing?.lapsed && <p className="waiting-room__lapsed">{t('queue.lapsed')}</p>}
      </div>
      {position !== null && ahead !== null && !standing?.lapsed && (
        <progress className="waiting-room__progress" max={position} value={position - ahead} aria-label={t('queue.progress')} />
      )}
      {problem && (
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
