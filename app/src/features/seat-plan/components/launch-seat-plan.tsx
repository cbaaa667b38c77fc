import { useEffect, useId, useMemo, useReducer, useRef, useState, type RefObject } from 'react';
import type { Trip } from 'core-wasm';
import {
  initialSeatChoice,
  markLaunchSeatBooked,
  seatChoiceReducer,
  type ClassPlan,
  type LaunchCell,
  type LaunchSeatPlan as Plan,
} from 'core-wasm/booking';
import type { TripSearch } from '@/features/search/components/search-form';
import { useSeatLock } from '@/features/seat-plan/api/use-seat-lock';
import { useSeatView } from '@/features/seat-plan/api/use-seat-view';
import { bandColumns, corridors, foldColumns } from '@/features/seat-plan/class-bands';
import { SeatButton, seatFocusable, seatName } from '@/features/seat-plan/components/seat-button';
import { SeatLegend } from '@/features/seat-plan/components/seat-legend';
import { SeatSummary } from '@/features/seat-plan/components/seat-summary';
import { SeatViewLoading, SeatViewProblem } from '@/features/seat-plan/components/seat-view-state';
import { admissionFor } from '@/features/waiting-room/admission';
import { TurnBanner, WaitingRoom } from '@/features/waiting-room/waiting-room';
import { focusedPlace, moveAmongSeats, placeKey, tabStop } from '@/features/seat-plan/grid-keys';
import { messageText, t } from '@/i18n/messages';
import { localName } from '@/i18n/names';
import { track } from '@/lib/analytics';
import { taka } from '@/lib/money';

interface Floor {
  key: string;
  name: string;
  classes: ClassPlan[];
}

/** The classes grouped by floor, in the order the ship lists them. */
function floorsOf(plan: Plan): Floor[] {
  const floors: Floor[] = [];
  for (const entry of plan.ClassWiseSeatPlan) {
    const key = entry.floorId ?? '';
    let floor = floors.find((f) => f.key === key);
    if (!floor) {
      const name = entry.floorName ? localName(entry, 'floorName') : entry.floorId;
      floor = { key, name: name ?? t('seatPlan.floor'), classes: [] };
      floors.push(floor);
    }
    floor.classes.push(entry);
  }
  return floors;
}

/** The short text on a cell: 'S_CHAIR-A1' says 'A1' under its class's heading (the name says it all). */
const shortLabel = (seatNo: string) => seatNo.split('-').pop() || seatNo;

/** How wide the element is in rem, as it changes; null until measured (and where nothing measures). */
function useWidthRem(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    // The first report comes as soon as it is observed, before the grid is painted.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width / rem);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function ClassGrid({ entry, chosen, hintId, onToggle }: {
  entry: ClassPlan;
  chosen: ReadonlySet<string>;
  /** The arrow keys' hint, said with the class's name. */
  hintId: string;
  onToggle: (entry: ClassPlan, cell: LaunchCell) => void;
}) {
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const available = useWidthRem(box);
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const className = entry.className ? localName(entry, 'className') : entry.classId;
  const corridor = corridors(entry.seats);
  // Wider than the screen at a fingertip's width: folded into bands (class-bands.ts).
  const bands = foldColumns(corridor, available);
  const statusOf = (cell: LaunchCell) => (cell.available ? 'available' : 'booked');
  const keys = (keep: (cell: LaunchCell) => boolean) =>
    entry.seats.flatMap((row, r) => row.flatMap((cell, c) => (cell.seatNo && keep(cell) ? [placeKey({ row: r, col: c })] : [])));
  const isChosen = (cell: LaunchCell) => cell.seatNo !== undefined && chosen.has(cell.seatNo);
  const stop = tabStop(keys((cell) => seatFocusable(statusOf(cell), isChosen(cell))), keys(isChosen), lastFocused);
  return (
    <section
      className="launch-class"
      role="group"
      aria-labelledby={headingId}
      aria-describedby={hintId}
      data-testid={`class-${entry.classId}-${entry.floorId ?? ''}`}
    >
      <h3 id={headingId} className="launch-class__title">
        {entry.fare != null ? t('seatPlan.classTitle', { className, fare: taka(entry.fare) }) : className}
      </h3>
      {/* Still scrolls sideways where even one column cannot fit (a page zoomed far in). */}
      <div className="launch-class__scroll" ref={box}>
        <div className="launch-class__bands" onKeyDown={moveAmongSeats} onFocus={(event) => setLastFocused(focusedPlace(event) ?? lastFocused)}>
          {bands.map((band) => (
            <div key={band.start} className="launch-class__grid" style={{ gridTemplateColumns: bandColumns(band, corridor) }}>
              {entry.seats.flatMap((row, r) =>
                row.slice(band.start, band.end).map((cell, i) => {
                  const c = band.start + i;
                  const place = { gridRow: r + 1, gridColumn: i + 1 };
                  if (!cell.seatNo) return <span key={`gap-${r}-${c}`} className="seat-gap" style={place} aria-hidden="true" />;
                  const status = statusOf(cell);
                  const fare = cell.fare ?? entry.fare ?? null;
                  return (
                    <SeatButton
                      key={cell.seatNo}
                      label={shortLabel(cell.seatNo)}
                      name={seatName(t('seatPlan.classSeat', { className, seat: cell.seatNo }), status, fare)}
                      status={status}
                      selected={isChosen(cell)}
                      // The plan's own row and column: the arrows move as on the ship, across bands.
                      place={{ row: r, col: c }}
                      tabbable={placeKey({ row: r, col: c }) === stop}
                      style={place}
                      onToggle={() => onToggle(entry, cell)}
                    />
                  );
                }),
              )}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * The launch seat plan (SPEC §3 "Launch seat view"): the ship's classes (deck, chair, cabins) on
 * their floors, each a grid of rows where gaps are cells without a seat; up to 4 seats or cabins
 * chosen by the core's reducer, then the seat-lock.
 */
export function LaunchSeatPlan({ trip, search, journey }: { trip: Trip; search: TripSearch; journey: string }) {
  const query = useMemo(() => ({ tripId: trip._id, from: search.from, to: search.to }), [trip._id, search.from, search.to]);
  const { view, queue, setPlan, refresh } = useSeatView('LAUNCH', query);
  const [admission, setAdmission] = useState(() => admissionFor(trip._id));
  const [choice, dispatch] = useReducer(seatChoiceReducer, null, () => initialSeatChoice());
  const chosenSeats = choice.seats ?? [];
  const chosen = new Set(chosenSeats.map((s) => s.seatNo));
  const floorHeading = useId();
  const hintId = useId();

  const { lock, locking } = useSeatLock('LAUNCH', {
    onTaken: (seats) => {
      setPlan((plan) => seats.reduce((p, seatNo) => markLaunchSeatBooked(p, seatNo), plan));
      for (const seatNo of seats) dispatch({ remove: { seatNo } });
    },
    onConflict: () => {
      dispatch('clear');
      refresh();
    },
  });

  if (view.status === 'loading') return <SeatViewLoading />;
  if (view.status === 'error') return <SeatViewProblem message={view.message} retry={() => refresh()} />;
  // An Eid sale window: the line first, the seats once the turn has come (issue 16).
  if (queue && !admission) return <WaitingRoom tripId={trip._id} notice={queue} onAdmitted={setAdmission} />;

  function toggle(entry: ClassPlan, cell: LaunchCell) {
    const event = { toggleLaunchSeat: { classId: entry.classId, cell, classFare: entry.fare } };
    const wasChosen = cell.seatNo !== undefined && chosen.has(cell.seatNo);
    const next = seatChoiceReducer(choice, event);
    dispatch(event);
    const picked = next.seats?.find((s) => s.seatNo === cell.seatNo);
    if (!wasChosen && picked) {
      track('seat_select', { service: 'LAUNCH', trip_id: trip._id, seat_no: picked.seatNo, class_id: entry.classId, fare: picked.fare, seats: next.seats?.length ?? 0 });
    }
  }

  const floors = floorsOf(view.data);
  return (
    <div className="seat-plan" aria-busy={view.fetching === true}>
      {queue && admission && <TurnBanner admission={admission} />}
      <SeatLegend keys={['available', 'selected', 'booked']} />
      <p id={hintId} className="visually-hidden">
        {t('seatPlan.arrowsHint')}
      </p>
      {floors.map((floor, i) => (
        <section key={floor.key} className="launch-floor" aria-labelledby={`${floorHeading}-${i}`}>
          <h2 id={`${floorHeading}-${i}`} className="launch-floor__title">
            {floor.name}
          </h2>
          {floor.classes.map((entry) => (
            <ClassGrid key={`${entry.classId}-${entry.floorId ?? ''}`} entry={entry} chosen={chosen} hintId={hintId} onToggle={toggle} />
          ))}
        </section>
      ))}
      <SeatSummary
        service="LAUNCH"
        seats={chosenSeats}
        problem={choice.problem ? messageText(choice.problem) : null}
        locking={locking}
        onContinue={() => void lock({ trip, seats: chosenSeats.map((s) => s.seatNo), ladiesSeats: [], from: search.from, to: search.to, journey, boardingPoint: null, droppingPoint: null })}
      />
    </div>
  );
}
