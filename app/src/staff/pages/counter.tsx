/**
 * The counter (issue 41): a seller with a queue in front of them. Their shift first (opened with a
 * float, closed with the drawer counted note by note, the sums from the core), then a trip
 * (today's and tomorrow's first), its seat map as the store has it now, the passenger if they
 * give one, how they paid, and the receipt to print. Offline it says so and sells nothing: the
 * one inventory is the server's.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { CounterSeat, CounterSeatMap, CounterTicket, CounterTrips, Counters, CurrentShift, PayMethod, Point, ShiftSale, StaffShift } from 'core-wasm/staff';
import { shiftNotes, shiftSums } from 'core-wasm/staff';
import { useOnline } from '@/lib/online';
import { get, post } from '@/staff/api';
import { Field, Outcome } from '@/staff/form';
import { t, type Key } from '@/staff/i18n';
import { Receipt } from '@/staff/receipt';
import { useLoad } from '@/staff/use-load';

/** How often the seat map is read again while a seller looks at it. */
const SEATS_REFRESH_MS = 5_000;

const taka = (n: number) => `${n.toLocaleString('en-IN')} Tk`;

export function CounterPage() {
  const online = useOnline();
  const shift = useLoad(() => get<CurrentShift>('shifts/current'));
  const current = shift.data?.shift ?? null;
  return (
    <section className="counter">
      <h1>{t('nav.counter')}</h1>
      {online ? null : (
        <p className="staff-alert counter-offline" role="alert">
          {t('counter.offline')}
        </p>
      )}
      <Outcome error={shift.error} saved={false} />
      {shift.data === null ? null : current ? (
        <>
          <ShiftBar shift={current} />
          <Sell online={online} onSold={shift.reload} />
          <FindTicket online={online} sales={shift.data?.sales ?? []} onChanged={shift.reload} />
          <CloseShift shift={current} online={online} onClosed={shift.reload} />
        </>
      ) : (
        <OpenShift online={online} onOpened={shift.reload} />
      )}
    </section>
  );
}

function OpenShift({ online, onOpened }: { online: boolean; onOpened: () => void }) {
  const counters = useLoad(() => get<Counters>('counters'));
  const [counterId, setCounterId] = useState('');
  const [float, setFloat] = useState('0');
  const [error, setError] = useState<unknown>(null);
  const list = counters.data?.counters ?? [];
  const chosen = counterId || list[0]?.id || '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post<StaffShift>('shifts/open', { counterId: chosen, float: Number(float) || 0 }).then(onOpened, setError);
  };
  return (
    <form className="staff-card" onSubmit={submit} aria-labelledby="counter-open">
      <h2 id="counter-open">{t('counter.openShift')}</h2>
      <div className="staff-grid">
        <Field label={t('counter.counter')}>
          {(id) => (
            <select id={id} value={chosen} onChange={(e) => setCounterId(e.target.value)} required>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('counter.float')} hint={t('counter.floatHint')}>
          {(id, describedBy) => (
            <input id={id} aria-describedby={describedBy} inputMode="numeric" pattern="[0-9]*" value={float} onChange={(e) => setFloat(e.target.value)} />
          )}
        </Field>
      </div>
      <div className="staff-actions">
        <button type="submit" className="staff-primary" disabled={!online || !chosen}>
          {t('counter.open')}
        </button>
      </div>
      <Outcome error={error ?? counters.error} saved={false} />
    </form>
  );
}

function ShiftBar({ shift }: { shift: StaffShift }) {
  return (
    <p className="counter-shift" role="status">
      {t('counter.onShift', {
        counter: shift.counterName,
        tickets: shift.tickets,
        cash: taka(shift.cash.float + shift.cash.cashSales - shift.cash.cashRefunds),
      })}
    </p>
  );
}

/** Seat states a counter may sell. */
const SELLABLE = new Set(['free', 'counter']);

function Sell({ online, onSold }: { online: boolean; onSold: () => void }) {
  const trips = useLoad(() => get<CounterTrips>('counter/trips'));
  const [tripId, setTripId] = useState('');
  const [map, setMap] = useState<CounterSeatMap | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [gender, setGender] = useState<'male' | 'female' | 'other'>('male');
  const [method, setMethod] = useState<PayMethod>('cash');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<CounterTicket | null>(null);
  // Where the passenger gets on and off (none: the whole route); the points offered are the
  // whole route's, kept from the trip's first map.
  const [boarding, setBoarding] = useState('');
  const [dropping, setDropping] = useState('');
  const [routePoints, setRoutePoints] = useState<{ trip: string; boarding: Point[]; dropping: Point[] } | null>(null);
  const list = trips.data?.trips ?? [];
  const trip = tripId || list[0]?.id || '';

  const loadMap = (id: string, from: string, to: string) => {
    const query: Record<string, string> = {};
    if (from) query.boardingPoint = from;
    if (to) query.droppingPoint = to;
    return get<CounterSeatMap>('counter/trips/{id}', query, id).then((m) => {
      setMap(m);
      if (!from && !to) setRoutePoints((p) => (p?.trip === id ? p : { trip: id, boarding: m.boardingPoints, dropping: m.droppingPoints }));
    }, setError);
  };
  useEffect(() => {
    if (!trip) return;
    void loadMap(trip, boarding, dropping);
    // Live within a few seconds while the seller looks: the web sells the same seats.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void loadMap(trip, boarding, dropping);
    }, SEATS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [trip, boarding, dropping]);
  const points = routePoints?.trip === trip ? routePoints : null;

  // A seat someone else took meanwhile leaves the choice.
  const picked = chosen.filter((s) => SELLABLE.has(map?.seats.find((x) => x.seatNo === s)?.state ?? ''));
  const total = picked.reduce((sum, s) => sum + (map?.seats.find((x) => x.seatNo === s)?.fare ?? 0), 0);
  const toggle = (seat: CounterSeat) =>
    setChosen((c) => (c.includes(seat.seatNo) ? c.filter((s) => s !== seat.seatNo) : [...c, seat.seatNo]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!online || picked.length === 0 || busy) return;
    setBusy(true);
    setError(null);
    const passenger = name.trim() || phone.trim() ? { name: name.trim(), phone: phone.trim(), gender } : null;
    const payment = method === 'cash' ? { method } : { method, reference: reference.trim() };
    const segment = { boardingPoint: boarding || null, droppingPoint: dropping || null };
    post<CounterTicket>('counter/sell', { tripId: trip, seats: picked, ...segment, passenger, payment })
      .then((sold) => {
        setTicket(sold);
        setChosen([]);
        setName('');
        setPhone('');
        setReference('');
        onSold();
      }, setError)
      .finally(() => {
        setBusy(false);
        void loadMap(trip, boarding, dropping);
      });
  };

  return (
    <>
      <form className="staff-card counter-sell" onSubmit={submit} aria-labelledby="counter-sell">
        <h2 id="counter-sell">{t('counter.sell')}</h2>
        <Field label={t('counter.trip')}>
          {(id) => (
            <select id={id} value={trip} onChange={(e) => (setTripId(e.target.value), setChosen([]), setBoarding(''), setDropping(''))}>
              {list.map((tr) => (
                <option key={tr.id} value={tr.id}>
                  {t('counter.tripLine', { departs: tr.departs, route: tr.routeName, vehicle: tr.vehicle, free: tr.free })}
                </option>
              ))}
            </select>
          )}
        </Field>
        {points && (points.boarding.length > 1 || points.dropping.length > 1) ? (
          <div className="staff-grid">
            <PointSelect label={t('counter.boarding')} none={t('counter.fromStart')} points={points.boarding} value={boarding} onChange={(p) => (setBoarding(p), setChosen([]))} />
            <PointSelect label={t('counter.dropping')} none={t('counter.toEnd')} points={points.dropping} value={dropping} onChange={(p) => (setDropping(p), setChosen([]))} />
          </div>
        ) : null}
        {map ? <SeatMap map={map} chosen={picked} onToggle={toggle} /> : null}
        <fieldset>
          <legend>{t('counter.passenger')}</legend>
          <div className="staff-grid">
            <Field label={t('counter.name')}>{(id) => <input id={id} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />}</Field>
            <Field label={t('counter.phone')}>
              {(id) => <input id={id} value={phone} inputMode="tel" autoComplete="off" onChange={(e) => setPhone(e.target.value)} />}
            </Field>
            <Field label={t('counter.gender')}>
              {(id) => (
                <select id={id} value={gender} onChange={(e) => setGender(e.target.value as typeof gender)}>
                  <option value="male">{t('counter.male')}</option>
                  <option value="female">{t('counter.female')}</option>
                  <option value="other">{t('counter.other')}</option>
                </select>
              )}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('counter.payment')}</legend>
          <label className="staff-check">
            <input type="radio" name="method" checked={method === 'cash'} onChange={() => setMethod('cash')} /> {t('counter.cash')}
          </label>
          <label className="staff-check">
            <input type="radio" name="method" checked={method === 'bkash-counter'} onChange={() => setMethod('bkash-counter')} /> {t('counter.bkash')}
          </label>
          {method === 'bkash-counter' ? (
            <Field label={t('counter.reference')} hint={t('counter.referenceHint')}>
              {(id, describedBy) => (
                <input id={id} aria-describedby={describedBy} required value={reference} autoComplete="off" onChange={(e) => setReference(e.target.value)} />
              )}
            </Field>
          ) : null}
        </fieldset>
        <div className="staff-actions counter-total">
          <strong>{t('counter.total', { seats: picked.join(', ') || '—', total: taka(total) })}</strong>
          <button type="submit" className="staff-primary" disabled={!online || picked.length === 0 || busy}>
            {t('counter.sellButton')}
          </button>
        </div>
        <Outcome error={error ?? trips.error} saved={false} />
      </form>
      {ticket ? <Receipt ticket={ticket} /> : null}
    </>
  );
}

/** A point of the route to get on or off at; `none` (the route's end) when empty. */
function PointSelect({ label, none, points, value, onChange }: { label: string; none: string; points: Point[]; value: string; onChange: (pointId: string) => void }) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{none}</option>
          {points.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const STATE_KEYS: Record<string, Key> = {
  free: 'counter.stateFree',
  counter: 'counter.stateCounter',
  held: 'counter.stateHeld',
  sold: 'counter.stateSold',
  blocked: 'counter.stateBlocked',
};

/** The trip's seats by deck, each a button where the counter may sell it. */
function SeatMap({ map, chosen, onToggle }: { map: CounterSeatMap; chosen: string[]; onToggle: (s: CounterSeat) => void }) {
  const decks = useMemo(() => {
    const by = new Map<string, CounterSeat[]>();
    for (const s of map.seats) by.set(s.deckName, [...(by.get(s.deckName) ?? []), s]);
    return [...by.entries()];
  }, [map]);
  return (
    <div className="counter-decks">
      <p className="staff-muted">
        {t('counter.freeLine', { free: map.trip.free, online: map.trip.onlineFree })}
      </p>
      {decks.map(([deck, seats]) => (
        <fieldset key={deck} className="counter-deck">
          <legend>{deck}</legend>
          <div className="counter-grid" style={{ gridTemplateColumns: `repeat(${Math.max(...seats.map((s) => s.col)) + 1}, minmax(2.75rem, 1fr))` }}>
            {seats.map((s) => {
              const on = chosen.includes(s.seatNo);
              const sellable = SELLABLE.has(s.state);
              return (
                <button
                  key={s.seatNo}
                  type="button"
                  className={`counter-seat counter-seat--${s.state}${on ? ' counter-seat--on' : ''}`}
                  style={{ gridRow: s.row + 1, gridColumn: s.col + 1 }}
                  aria-pressed={on}
                  disabled={!sellable}
                  aria-label={`${s.seatNo}, ${t(STATE_KEYS[s.state] ?? 'counter.stateBlocked')}${s.fare ? `, ${taka(s.fare)}` : ''}`}
                  onClick={() => onToggle(s)}
                >
                  {s.seatNo}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      <ul className="counter-legend">
        {Object.entries(STATE_KEYS).map(([state, key]) => (
          <li key={state}>
            <span className={`counter-swatch counter-seat--${state}`} aria-hidden="true" /> {t(key)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A ticket by its PNR: printed again, or cancelled with its cash handed back. */
function FindTicket({ online, sales, onChanged }: { online: boolean; sales: ShiftSale[]; onChanged: () => void }) {
  const [pnr, setPnr] = useState('');
  const [ticket, setTicket] = useState<CounterTicket | null>(null);
  const [error, setError] = useState<unknown>(null);
  const act = (purpose: 'counter/reprint' | 'counter/cancel', which = pnr) => {
    setError(null);
    post<CounterTicket>(purpose, { pnr: which.trim() }).then((found) => {
      setTicket(found);
      if (purpose === 'counter/cancel') onChanged();
    }, setError);
  };
  return (
    <div className="staff-card" role="group" aria-labelledby="counter-find">
      <h2 id="counter-find">{t('counter.find')}</h2>
      <Field label={t('counter.pnr')}>{(id) => <input id={id} value={pnr} autoComplete="off" onChange={(e) => setPnr(e.target.value.toUpperCase())} />}</Field>
      <div className="staff-actions">
        <button type="button" disabled={!online || !pnr.trim()} onClick={() => act('counter/reprint')}>
          {t('counter.reprint')}
        </button>
        <button type="button" disabled={!online || !pnr.trim()} onClick={() => act('counter/cancel')}>
          {t('counter.cancelTicket')}
        </button>
      </div>
      <Outcome error={error} saved={false} />
      {ticket ? <Receipt ticket={ticket} /> : null}
      {sales.length > 0 ? (
        <div className="staff-table__scroll">
          <table className="counter-sales">
            <caption>{t('counter.shiftSales')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('counter.pnr')}</th>
                <th scope="col">{t('counter.trip')}</th>
                <th scope="col">{t('receipt.seats')}</th>
                <th scope="col">{t('receipt.fare')}</th>
                <th scope="col">
                  <span className="staff-skip">{t('counter.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.map((sale) => (
                <tr key={sale.pnr}>
                  <th scope="row">{sale.pnr}</th>
                  <td>{sale.departs}</td>
                  <td>{sale.seats.join(', ')}</td>
                  <td>{sale.status === 'confirmed' ? taka(sale.fare) : t('counter.cancelledSale')}</td>
                  <td>
                    <button type="button" disabled={!online} aria-label={`${t('counter.reprint')} ${sale.pnr}`} onClick={() => act('counter/reprint', sale.pnr)}>
                      {t('counter.reprint')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** The drawer counted note by note; the core says what it should hold and the difference. */
function CloseShift({ shift, online, onClosed }: { shift: StaffShift; online: boolean; onClosed: () => void }) {
  const notes = useMemo(() => Array.from(shiftNotes()), []);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [closed, setClosed] = useState<StaffShift | null>(null);
  const counted = notes.map((note) => ({ note, count: Number(counts[note]) || 0 }));
  // The sums once counting has begun: an empty drawer form is not a short drawer.
  const begun = Object.values(counts).some((c) => c.trim() !== '');
  let sums: { expected: number; counted: number; difference: number } | null = null;
  try {
    sums = begun ? shiftSums(shift.cash, counted) : null;
  } catch {
    sums = null;
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post<StaffShift>('shifts/close', { notes: counted.filter((n) => n.count > 0), reason: reason.trim() || null }).then(setClosed, setError);
  };
  if (closed) {
    return (
      <div className="staff-card" role="status">
        <h2>{t('counter.closed')}</h2>
        <p>{t('counter.closedLine', { expected: taka(closed.closing?.expected ?? 0), counted: taka(closed.closing?.counted ?? 0), difference: taka(closed.closing?.difference ?? 0) })}</p>
        <button type="button" onClick={onClosed}>
          {t('counter.done')}
        </button>
      </div>
    );
  }
  return (
    <form className="staff-card" onSubmit={submit} aria-labelledby="counter-close">
      <h2 id="counter-close">{t('counter.closeShift')}</h2>
      <div className="counter-notes">
        {notes.map((note) => (
          <Field key={note} label={t('counter.note', { note })}>
            {(id) => (
              <input id={id} inputMode="numeric" pattern="[0-9]*" value={counts[note] ?? ''} onChange={(e) => setCounts((c) => ({ ...c, [note]: e.target.value }))} />
            )}
          </Field>
        ))}
      </div>
      {sums ? (
        <p role="status" className={sums.difference === 0 ? 'staff-ok' : 'staff-problem'}>
          {t('counter.sums', { expected: taka(sums.expected), counted: taka(sums.counted), difference: taka(sums.difference) })}
        </p>
      ) : null}
      {sums && sums.difference !== 0 ? (
        <Field label={t('counter.reason')} hint={t('counter.reasonHint')}>
          {(id, describedBy) => <input id={id} aria-describedby={describedBy} required value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      ) : null}
      <div className="staff-actions">
        <button type="submit" className="staff-primary" disabled={!online}>
          {t('counter.close')}
        </button>
      </div>
      <Outcome error={error} saved={false} />
    </form>
  );
}
