import { useId, useMemo, useReducer, useRef, useState } from 'react';
import { type Trip } from 'core-wasm';
import {
  initialSeatChoice,
  markSeatBooked,
  seatChoiceReducer,
  seatOffer,
  type BusSeat,
  type BusSeatPlan as Plan,
  type Point,
  type SeatStatus,
} from 'core-wasm/booking';
import type { TripSearch } from '@/features/search/components/search-form';
import { useSeatLock } from '@/features/seat-plan/api/use-seat-lock';
import { useSeatView } from '@/features/seat-plan/api/use-seat-view';
import { SeatButton, seatFocusable, seatName } from '@/features/seat-plan/components/seat-button';
import { SeatLegend, type LegendKey } from '@/features/seat-plan/components/seat-legend';
import { SeatSummary } from '@/features/seat-plan/components/seat-summary';
import { SeatViewProblem, SeatViewLoading } from '@/features/seat-plan/components/seat-view-state';
import { admissionFor } from '@/features/waiting-room/admission';
import { TurnBanner, WaitingRoom } from '@/features/waiting-room/waiting-room';
import { focusedPlace, moveAmongSeats, placeKey, tabStop, type SeatPlace } from '@/features/seat-plan/grid-keys';
import { messageText, t, type MessageId } from '@/i18n/messages';
import { localName } from '@/i18n/names';
import { track } from '@/lib/analytics';
import { displayDateTime } from '@/lib/date-time';
import { takaRange } from '@/lib/fare-range';

type DeckKey = 'main' | 'lower' | 'upper';

function decksOf(plan: Plan): { key: DeckKey; seats: BusSeat[] }[] {
  const decks: { key: DeckKey; seats: BusSeat[] }[] = [];
  if (plan.seatList?.length) decks.push({ key: 'main', seats: plan.seatList });
  if (plan.lowerDeckSeatList?.length) decks.push({ key: 'lower', seats: plan.lowerDeckSeatList });
  if (plan.upperDeckSeatList?.length) decks.push({ key: 'upper', seats: plan.upperDeckSeatList });
  return decks;
}

/** A seat's status and fare as shown: the core's offer for the chosen points (none yet: ''). */
const hasFareList = (seat: BusSeat) => (seat.fareList?.length ?? 0) > 0;

const shownOffer = (seat: BusSeat, boarding: string, dropping: string) => seatOffer(seat, boarding || null, dropping || null);

function pointLabel(point: Point): string {
  const name = localName(point, 'name');
  return point.time ? t('seatPlan.pointOption', { name, time: displayDateTime(point.time).time }) : name;
}

interface PointsProps {
  boardingPoints: readonly Point[];
  droppingPoints: readonly Point[];
  boarding: string;
  dropping: string;
  onChange: (boarding: string, dropping: string) => void;
  boardingRef: React.RefObject<HTMLSelectElement | null>;
}

function PointsChoice({ boardingPoints, droppingPoints, boarding, dropping, onChange, boardingRef }: PointsProps) {
  const id = useId();
  return (
    <fieldset className="seat-points">
      <legend className="seat-points__legend">{t('seatPlan.points')}</legend>
      <div className="seat-points__field">
        <label htmlFor={`${id}-b`}>{t('seatPlan.boardingPoint')}</label>
        <select id={`${id}-b`} ref={boardingRef} value={boarding} onChange={(e) => onChange(e.target.value, dropping)}>
          <option value="">{t('seatPlan.choosePoint')}</option>
          {boardingPoints.map((p) => (
            <option key={p._id ?? p.name} value={p.name}>
              {pointLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <div className="seat-points__field">
        <label htmlFor={`${id}-d`}>{t('seatPlan.droppingPoint')}</label>
        <select id={`${id}-d`} value={dropping} onChange={(e) => onChange(boarding, e.target.value)}>
          <option value="">{t('seatPlan.choosePoint')}</option>
          {droppingPoints.map((p) => (
            <option key={p._id ?? p.name} value={p.name}>
              {pointLabel(p)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/** The fares of a deck's seats on sale, as one amount or a range ('1,390 TK - 1,570 TK'): the lowest and highest, not worked out. */
function deckFare(offers: readonly { status: SeatStatus; fare: number | null }[]): string | null {
  const fares = offers.filter((o) => o.status === 'available' && o.fare != null).map((o) => o.fare as number);
  if (fares.length === 0) return null;
  return takaRange(Math.min(...fares), Math.max(...fares));
}

function Deck({ deckKey, seats, boarding, dropping, chosen, hintId, onToggle }: {
  deckKey: DeckKey;
  seats: readonly BusSeat[];
  boarding: string;
  dropping: string;
  chosen: ReadonlySet<string>;
  /** The arrow keys' hint, said with the deck's name. */
  hintId: string;
  onToggle: (seat: BusSeat) => void;
}) {
  const headingId = useId();
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const placed = seats.every((s) => s.row != null && s.col != null);
  const columns = placed ? Math.max(...seats.map((s) => (s.col ?? 0) + 1)) : 4;
  const offers = seats.map((seat) => shownOffer(seat, boarding, dropping));
  const fare = deckFare(offers);
  // Unplaced seats flow into `columns` columns in order.
  const places = seats.map((seat, i) => (placed ? { row: seat.row ?? 0, col: seat.col ?? 0 } : { row: Math.floor(i / columns), col: i % columns }));
  const focusable = seats.flatMap((seat, i) => (seatFocusable((offers[i] as { status: SeatStatus }).status, chosen.has(seat.seatNo)) ? [placeKey(places[i] as SeatPlace)] : []));
  const stop = tabStop(
    focusable,
    seats.flatMap((seat, i) => (chosen.has(seat.seatNo) ? [placeKey(places[i] as SeatPlace)] : [])),
    lastFocused,
  );
  return (
    <section className="deck" role="group" aria-labelledby={headingId} aria-describedby={hintId} data-testid={`deck-${deckKey}`}>
      <h2 id={headingId} className="deck__title">
        {t(`seatPlan.deck.${deckKey}` as MessageId)}
      </h2>
      <p className="deck__meta">
        <span data-testid="deck-fare">{fare ? t('seatPlan.deckFare', { fare }) : ''}</span>
        <span className="deck__front" aria-hidden="true">
          {t('seatPlan.front')}
        </span>
      </p>
      <div
        className="deck__grid"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 3.25rem))` }}
        onKeyDown={moveAmongSeats}
        onFocus={(event) => setLastFocused(focusedPlace(event) ?? lastFocused)}
      >
        {seats.map((seat, i) => {
          const offer = offers[i] as { status: SeatStatus; fare: number | null };
          const place = places[i] as SeatPlace;
          return (
            <SeatButton
              key={seat.seatNo}
              label={seat.seatNo}
              name={seatName(t('seatPlan.seat', { seat: seat.seatNo }), offer.status, offer.fare, seat.isLadies === true)}
              status={offer.status}
              selected={chosen.has(seat.seatNo)}
              ladies={seat.isLadies === true}
              place={place}
              tabbable={placeKey(place) === stop}
              style={placed ? { gridRow: place.row + 1, gridColumn: place.col + 1 } : undefined}
              onToggle={() => onToggle(seat)}
            />
          );
        })}
      </div>
    </section>
  );
}

/**
 * The bus seat plan (SPEC §3 "Bus seat view"): boarding and dropping points with their times,
 * the decks on their grid, the legend, up to 4 seats chosen by the core's reducer, and the
 * seat-lock. Fares per seat, or per boarding/dropping pair from the seat's fare list.
 */
export function BusSeatPlan({ trip, search, journey }: { trip: Trip; search: TripSearch; journey: string }) {
  const query = useMemo(() => ({ tripId: trip._id, from: search.from, to: search.to }), [trip._id, search.from, search.to]);
  const { view, queue, setPlan, refresh } = useSeatView('BUS', query);
  const [admission, setAdmission] = useState(() => admissionFor(trip._id));
  const [choice, dispatch] = useReducer(seatChoiceReducer, null, () => initialSeatChoice());
  const [boarding, setBoarding] = useState('');
  const [dropping, setDropping] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const boardingRef = useRef<HTMLSelectElement>(null);
  const hintId = useId();
  // The points of the searched segment, from the first answer: a view asked for the chosen
  // points lists only the points between them, but the traveller may still change their mind.
  const [points, setPoints] = useState<{ boarding: Point[]; dropping: Point[] } | null>(null);
  if (view.status === 'success' && points === null) {
    setPoints({ boarding: view.data.bordingPoints ?? [], dropping: view.data.droppingPoints ?? [] });
  }
  const chosenSeats = choice.seats ?? [];
  const chosen = new Set(chosenSeats.map((s) => s.seatNo));

  const { lock, locking } = useSeatLock('BUS', {
    onTaken: (seats) => {
      setPlan((plan) => seats.reduce((p, seatNo) => markSeatBooked(p, seatNo, boarding || null, dropping || null), plan));
      for (const seatNo of seats) dispatch({ remove: { seatNo } });
    },
    onConflict: () => {
      dispatch('clear');
      refresh({ boardingPoint: boarding, droppingPoint: dropping });
    },
  });

  if (view.status === 'loading') return <SeatViewLoading />;
  if (view.status === 'error') return <SeatViewProblem message={view.message} retry={() => refresh()} />;
  // An Eid sale window: the line first, the seats once the turn has come (issue 16).
  if (queue && !admission) return <WaitingRoom tripId={trip._id} notice={queue} onAdmitted={setAdmission} />;

  const plan = view.data;
  const decks = decksOf(plan);
  const allSeats = decks.flatMap((d) => d.seats);
  const pricedByPair = allSeats.some(hasFareList);
  const shown = allSeats.map((s) => shownOffer(s, boarding, dropping).status);
  const legend: LegendKey[] = ['available', 'selected', 'booked', 'locked'];
  if (shown.includes('blocked')) legend.push('blocked');
  if (allSeats.some((s) => s.isLadies)) legend.push('ladies');

  function choosePoints(b: string, d: string) {
    setNotice(null);
    setBoarding(b);
    setDropping(d);
    // A seat's fare and status depend on the pair where seats are priced per pair: start over.
    if (pricedByPair && chosenSeats.length > 0) dispatch('clear');
    // Ask again for the chosen segment: the freshest statuses before the traveller picks.
    if (b && d) refresh({ boardingPoint: b, droppingPoint: d });
  }

  function toggle(seat: BusSeat) {
    setNotice(null);
    const wasChosen = chosen.has(seat.seatNo);
    const next = seatChoiceReducer(choice, { toggleBusSeat: { seat, boardingPoint: boarding || undefined, droppingPoint: dropping || undefined } });
    dispatch({ toggleBusSeat: { seat, boardingPoint: boarding || undefined, droppingPoint: dropping || undefined } });
    const picked = next.seats?.find((s) => s.seatNo === seat.seatNo);
    if (!wasChosen && picked) {
      track('seat_select', { service: 'BUS', trip_id: trip._id, seat_no: seat.seatNo, fare: picked.fare, seats: next.seats?.length ?? 0 });
    }
  }

  function proceed() {
    if (!boarding || !dropping) {
      setNotice(t('seats.pointsRequired'));
      boardingRef.current?.focus();
      return;
    }
    const ladiesSeats = allSeats.filter((s) => s.isLadies === true && chosen.has(s.seatNo)).map((s) => s.seatNo);
    void lock({ trip, seats: chosenSeats.map((s) => s.seatNo), ladiesSeats, from: search.from, to: search.to, journey, boardingPoint: boarding, droppingPoint: dropping });
  }

  const problem = notice ?? (choice.problem ? messageText(choice.problem) : null);
  return (
    <div className="seat-plan" aria-busy={view.fetching === true}>
      {queue && admission && <TurnBanner admission={admission} />}
      <PointsChoice
        boardingPoints={points?.boarding ?? []}
        droppingPoints={points?.dropping ?? []}
        boarding={boarding}
        dropping={dropping}
        onChange={choosePoints}
        boardingRef={boardingRef}
      />
      {pricedByPair && !(boarding && dropping) && <p className="seat-plan__hint">{t('seatPlan.pointsHint')}</p>}
      <SeatLegend keys={legend} />
      <p id={hintId} className="visually-hidden">
        {t('seatPlan.arrowsHint')}
      </p>
      <div className="seat-plan__decks">
        {decks.map((deck) => (
          <Deck
            key={deck.key}
            deckKey={deck.key}
            seats={deck.seats}
            boarding={boarding}
            dropping={dropping}
            chosen={chosen}
            hintId={hintId}
            onToggle={toggle}
          />
        ))}
      </div>
      <SeatSummary service="BUS" seats={chosenSeats} problem={problem} locking={locking} onContinue={proceed} />
    </div>
  );
}
