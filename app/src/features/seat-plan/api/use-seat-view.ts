import { useCallback, useEffect, useRef, useState } from 'react';
import type { BusSeatPlan, LaunchSeatPlan, SeatViewRequest, Service } from 'core-wasm';
import { apiPost, failureStatus, failureText } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { visitorId } from '@/lib/identity';
import { guardedReload } from '@/lib/guarded-reload';
import { showToast } from '@/lib/toasts';

/** When the seat view last reloaded the page after a 404 (SPEC §8, at most once a minute). */
const LAST_RELOAD_KEY = 'seat_view_reload_at';

/**
 * SPEC §8: a 404 from the seat view (the trip is gone, or the page is stale) shows the message
 * and reloads the page, at most once a minute (`guardedReload`). False when a reload
 * happened less than a minute ago: the page then shows the problem instead.
 */
export function reloadAfterNotFound(reload?: () => void): boolean {
  return guardedReload(LAST_RELOAD_KEY, reload);
}

export type SeatPlanOf<S extends Service> = S extends 'BUS' ? BusSeatPlan : LaunchSeatPlan;

export type SeatView<P> =
  | { status: 'loading'; plan?: undefined }
  | { status: 'error'; message: string; plan?: undefined }
  | { status: 'ready'; plan: P; refreshing: boolean };

export interface SeatViewQuery {
  tripId: string;
  /** The searched cities: they bound the segment until points are chosen. */
  from: string;
  to: string;
  boardingPoint?: string;
  droppingPoint?: string;
}

/**
 * `get-seat-view` (SPEC §7) for one trip and segment. Seats change every minute, so the view is
 * never cached: every opening asks the server. The plan is local state so that a seat taken
 * meanwhile can be marked booked in place (`setPlan`) without asking again; `refresh` asks again
 * (with the chosen points, when there are some) and keeps the plan on screen meanwhile.
 */
export function useSeatView<P extends BusSeatPlan | LaunchSeatPlan>(service: Service, query: SeatViewQuery, reload?: () => void) {
  const { ticketApiUrl } = useRuntimeConfig();
  const [view, setView] = useState<SeatView<P>>({ status: 'loading' });
  const generation = useRef(0);

  const load = useCallback(
    (extra: Partial<SeatViewQuery> = {}) => {
      const mine = ++generation.current;
      setView((v) => (v.status === 'ready' ? { ...v, refreshing: true } : { status: 'loading' }));
      const body: SeatViewRequest = {
        tripId: query.tripId,
        from: query.from || undefined,
        to: query.to || undefined,
        boardingPoint: extra.boardingPoint || undefined,
        droppingPoint: extra.droppingPoint || undefined,
        // The viewer, the same id the seat-lock holds for: the server shows this visitor's own
        // held seats available to them (back from payment, a new lock replaces their hold).
        anonymousId: visitorId(),
      };
      apiPost<{ seatPlan: P }>(ticketApiUrl, `/v1/api/${apiSegment(service)}/get-seat-view`, body).then(
        (answer) => {
          if (mine === generation.current) setView({ status: 'ready', plan: answer.seatPlan, refreshing: false });
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          const message = failureText(error);
          showToast(message);
          setView({ status: 'error', message });
          if (failureStatus(error) === 404) reloadAfterNotFound(reload);
        },
      );
    },
    [ticketApiUrl, service, query.tripId, query.from, query.to, reload],
  );

  useEffect(() => {
    load();
    return () => {
      generation.current++;
    };
  }, [load]);

  const setPlan = useCallback((update: (plan: P) => P) => {
    setView((v) => (v.status === 'ready' ? { ...v, plan: update(v.plan) } : v));
  }, []);

  return { view, setPlan, refresh: load };
}
