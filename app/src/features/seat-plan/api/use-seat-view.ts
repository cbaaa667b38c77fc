import { useEffect, useState } from 'react';
import type { QueueNotice, SeatViewRequest, Service } from 'core-wasm';
import { failureStatus, useApi, type Row } from '@/api/api-client';
import { useResource } from '@/api/use-resource';
import { guardedReload } from '@/lib/guarded-reload';

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

/** The seat plan of service `S`'s seat view: a bus's decks, a launch's classes. */
export type SeatPlan<S extends Service> = Row<'get-seat-view', S>['response']['seatPlan'];

export interface SeatViewQuery {
  tripId: string;
  /** The searched cities: they bound the segment until points are chosen. */
  from: string;
  to: string;
  boardingPoint?: string;
  droppingPoint?: string;
}

/**
 * `get-seat-view` (SPEC §7) for one trip and segment, and the Eid sale window's notice when one
 * covers the trip (`queue`). Seats change every minute, so every
 * opening asks the server (`onMount: 'always'`). A seat taken meanwhile is marked booked in
 * place (`setPlan`) without asking again; `refresh` asks again (with the chosen points, when
 * there are some) and keeps the plan on screen meanwhile (`fetching`).
 */
export function useSeatView<S extends Service>(service: S, query: SeatViewQuery, reload?: () => void) {
  const api = useApi();
  // An Eid sale window covering the trip (issue 16): the page shows its waiting room.
  const [queue, setQueue] = useState<QueueNotice | null>(null);
  const ask = (extra: Partial<SeatViewQuery> = {}) => {
    const body: SeatViewRequest = {
      tripId: query.tripId,
      from: query.from || undefined,
      to: query.to || undefined,
      boardingPoint: extra.boardingPoint || undefined,
      droppingPoint: extra.droppingPoint || undefined,
      // The viewer is the token's visitor (the core's client names it): the server shows this
      // visitor's own held seats available to them (back from payment, a new lock replaces it).
    };
    return api.call('get-seat-view', service, body).then((answer) => {
      // Set before the plan arrives, so the plan is never drawn for a queued trip.
      setQueue(answer.queue ?? null);
      return answer.seatPlan;
    });
  };
  const view = useResource<SeatPlan<S>>(`seat-view:${service}:${query.tripId}:${query.from}:${query.to}`, () => ask(), { onMount: 'always' });

  const notFound = view.status === 'error' && failureStatus(view.error) === 404;
  useEffect(() => {
    if (notFound) reloadAfterNotFound(reload);
  }, [notFound, view.error, reload]);

  return { view, queue, setPlan: view.update, refresh: (extra?: Partial<SeatViewQuery>) => view.refetch(() => ask(extra)) };
}
