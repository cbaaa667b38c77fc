/**
 * A manager's desk for the counters (issue 41): the operator's counters, seats held back for a
 * channel and the website's quota, the sellers' shifts with their cash, and the sales report
 * with the settlement. Selling itself is the counter page's.
 */
import { useId, useState, type ReactNode } from 'react';
import type { BlockChannel, Counters, OnlineQuota, SalesReport, Schedules, SeatBlock, SeatBlocks, Settlement, Shifts, StaffCounter, StaffTrips } from 'core-wasm/staff';
import { codeOk } from 'core-wasm/staff';
import { get, post, type Me } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, Outcome, useSave } from '@/staff/form';
import { t, type Key } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

// Dhaka keeps UTC+6 all year (no daylight saving), as the promos page counts its days.
const DHAKA_MS = 6 * 3600_000;
const today = () => new Date(Date.now() + DHAKA_MS).toISOString().slice(0, 10);
/** Unix ms as Dhaka's wall clock, `YYYY-MM-DD HH:MM`, as trips' departures are written. */
const dhaka = (ms: number) => new Date(ms + DHAKA_MS).toISOString().slice(0, 16).replace('T', ' ');
const taka = (n: number) => `${n.toLocaleString('en-IN')} Tk`;

const CHANNELS: [BlockChannel, Key][] = [
  ['counter', 'counters.channelCounter'],
  ['staff', 'counters.channelStaff'],
  ['vip', 'counters.channelVip'],
];
const channelName = (c: BlockChannel) => t(CHANNELS.find(([id]) => id === c)?.[1] ?? 'counters.channelCounter');

/** A card of the page: a region named by its heading. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="staff-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function CountersPage({ me }: { me: Me }) {
  const counters = useLoad(() => get<Counters>('counters'));
  return (
    <section>
      <h1>{t('nav.counters')}</h1>
      <CountersCard me={me} counters={counters.data?.counters ?? []} reload={counters.reload} />
      <Outcome error={counters.error} saved={false} />
      <BlocksCard />
      <ShiftsCard />
      <ReportsCard counters={counters.data?.counters ?? []} />
    </section>
  );
}

const blankCounter = (operatorId: string): StaffCounter => ({ code: '', name: '', operatorId });

function CountersCard({ me, counters, reload }: { me: Me; counters: StaffCounter[]; reload: () => void }) {
  const admin = me.grants.some((g) => g.role === 'admin');
  const own = [...new Set(me.grants.flatMap((g) => (g.role === 'manager' && g.operatorId ? [g.operatorId] : [])))];
  // The server takes a manager's only operator by itself; an admin, or a manager of several,
  // names the one the counter is for.
  const askOperator = admin || own.length > 1;
  const known = [...new Set([...own, ...counters.flatMap((c) => (c.operatorId ? [c.operatorId] : []))])];
  const [counter, setCounter] = useState<StaffCounter>(() => blankCounter(own.length === 1 ? (own[0] ?? '') : ''));
  const save = useSave();
  const codeProblem = counter.code && !codeOk(counter.code) ? t('form.codeHint') : null;
  const editing = counter.revision != null;
  const submit = save.run(async () => {
    const body: StaffCounter = { ...counter, nameBn: counter.nameBn || undefined, operatorId: askOperator ? counter.operatorId : undefined };
    setCounter(await post<StaffCounter>('counters', body));
    reload();
  });
  const listId = useId();
  return (
    <Card title={t('counters.counters')}>
      <form aria-label={editing ? t('counters.change') : t('counters.add')} onSubmit={submit}>
        <div className="staff-grid">
          {askOperator ? (
            <Field label={t('form.operator')}>
              {(id) =>
                admin ? (
                  <>
                    <input id={id} required list={listId} readOnly={editing} value={counter.operatorId ?? ''} onChange={(e) => setCounter({ ...counter, operatorId: e.target.value })} />
                    <datalist id={listId}>
                      {known.map((o) => (
                        <option key={o} value={o} />
                      ))}
                    </datalist>
                  </>
                ) : (
                  <select id={id} required disabled={editing} value={counter.operatorId ?? ''} onChange={(e) => setCounter({ ...counter, operatorId: e.target.value })}>
                    <option value="">—</option>
                    {own.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                )
              }
            </Field>
          ) : null}
          <Field label={t('form.code')} hint={t('form.codeHint')} problem={codeProblem}>
            {(id, d) => <input id={id} aria-describedby={d} required readOnly={editing} value={counter.code} onChange={(e) => setCounter({ ...counter, code: e.target.value.trim() })} />}
          </Field>
          <Field label={t('form.name')}>{(id) => <input id={id} required maxLength={80} value={counter.name} onChange={(e) => setCounter({ ...counter, name: e.target.value })} />}</Field>
          <Field label={t('form.nameBn')}>
            {(id) => <input id={id} lang="bn" maxLength={80} value={counter.nameBn ?? ''} onChange={(e) => setCounter({ ...counter, nameBn: e.target.value })} />}
          </Field>
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-primary" disabled={codeProblem != null}>
            {editing ? t('form.save') : t('counters.add')}
          </button>
          {editing ? (
            <button type="button" onClick={() => (setCounter(blankCounter(own.length === 1 ? (own[0] ?? '') : '')), save.reset())}>
              {t('form.cancel')}
            </button>
          ) : null}
        </div>
        <Outcome error={save.error} saved={save.saved} />
      </form>
      <DataTable
        caption={t('counters.counters')}
        rows={counters}
        columns={[
          { id: 'code', header: t('form.code'), value: (c) => c.code },
          { id: 'name', header: t('form.name'), value: (c) => c.name },
          { id: 'nameBn', header: t('form.nameBn'), value: (c) => c.nameBn ?? '', cell: (c) => <span lang="bn">{c.nameBn}</span> },
          { id: 'operator', header: t('form.operator'), value: (c) => c.operatorId ?? '' },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (c) => (
              <button type="button" className="staff-link" onClick={() => (setCounter(c), save.reset())}>
                {t('form.edit')} {c.code}
              </button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** What seats are held back on, or a quota set for: `trip:<id>` or `schedule:<id>` in a select. */
type Target = { tripId: string } | { scheduleId: string };

function targetOf(value: string): Target {
  const at = value.indexOf(':');
  const id = value.slice(at + 1);
  return value.slice(0, at) === 'schedule' ? { scheduleId: id } : { tripId: id };
}

function TargetSelect({ id, describedBy, value, onChange, trips, schedules }: { id: string; describedBy?: string; value: string; onChange: (value: string) => void; trips: StaffTrips | null; schedules: Schedules | null }) {
  return (
    <select id={id} aria-describedby={describedBy} required value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">—</option>
      <optgroup label={t('counters.comingTrips')}>
        {(trips?.trips ?? []).map((trip) => (
          <option key={trip.id} value={`trip:${trip.id}`}>
            {trip.departs} · {trip.routeId}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('counters.everyTripOf')}>
        {(schedules?.schedules ?? []).map((s) =>
          s.id ? (
            <option key={s.id} value={`schedule:${s.id}`}>
              {s.code} · {s.departure} · {s.days}
            </option>
          ) : null,
        )}
      </optgroup>
    </select>
  );
}

interface HoldForm {
  target: string;
  seats: string;
  channel: BlockChannel;
  release: string;
}

const blankHold = (): HoldForm => ({ target: '', seats: '', channel: 'counter', release: '' });

function BlocksCard() {
  const blocks = useLoad(() => get<SeatBlocks>('blocks'));
  const trips = useLoad(() => get<StaffTrips>('trips'));
  const schedules = useLoad(() => get<Schedules>('schedules'));
  const [hold, setHold] = useState<HoldForm>(blankHold);
  const [held, setHeld] = useState<SeatBlock | null>(null);
  const [quota, setQuota] = useState({ target: '', quota: '' });
  const [quotaSet, setQuotaSet] = useState<OnlineQuota | null>(null);
  const holding = useSave();
  const quoting = useSave();
  const releasing = useSave();
  const seats = hold.seats.split(/[\s,]+/).filter(Boolean);

  /** A block's or a quota's trip (its departure and route) or schedule (its code). */
  const describe = (x: { tripId?: string | undefined; scheduleId?: string | undefined }) => {
    if (x.scheduleId) {
      const s = schedules.data?.schedules.find((s) => s.id === x.scheduleId);
      return t('counters.scheduleLine', { code: s?.code ?? x.scheduleId });
    }
    const trip = trips.data?.trips.find((trip) => trip.id === x.tripId);
    return trip ? `${trip.departs} · ${trip.routeId}` : (x.tripId ?? '');
  };

  const submitHold = holding.run(async () => {
    setHeld(null);
    const body: SeatBlock = {
      ...targetOf(hold.target),
      seats,
      channel: hold.channel,
      releaseMinutesBefore: hold.release === '' ? undefined : Number(hold.release),
    };
    setHeld(await post<SeatBlock>('blocks', body));
    setHold(blankHold());
    blocks.reload();
  });
  const submitQuota = quoting.run(async () => {
    setQuotaSet(null);
    // `null` lifts the quota: the website may sell every free seat again.
    setQuotaSet(await post<OnlineQuota>('quotas', { ...targetOf(quota.target), quota: quota.quota === '' ? null : Number(quota.quota) }));
    blocks.reload();
  });
  const release = (block: SeatBlock) => void releasing.run(async () => (await post<SeatBlock>('blocks/remove', { id: block.id }), blocks.reload()))();
  const targetSelect = (value: string, onChange: (value: string) => void) => (id: string, describedBy: string | undefined) => (
    <TargetSelect id={id} describedBy={describedBy} value={value} onChange={onChange} trips={trips.data} schedules={schedules.data} />
  );

  return (
    <Card title={t('counters.holdTitle')}>
      <Outcome error={blocks.error ?? trips.error ?? schedules.error} saved={false} />
      <form aria-label={t('counters.hold')} onSubmit={submitHold}>
        <h3>{t('counters.hold')}</h3>
        <div className="staff-grid">
          <Field label={t('counters.target')} hint={t('counters.targetHint')}>
            {targetSelect(hold.target, (target) => setHold({ ...hold, target }))}
          </Field>
          <Field label={t('counters.seats')} hint={t('counters.seatsHint')}>
            {(id, d) => <input id={id} aria-describedby={d} required autoComplete="off" value={hold.seats} onChange={(e) => setHold({ ...hold, seats: e.target.value })} />}
          </Field>
          <Field label={t('counters.channel')}>
            {(id) => (
              <select id={id} value={hold.channel} onChange={(e) => setHold({ ...hold, channel: e.target.value as BlockChannel })}>
                {CHANNELS.map(([c, label]) => (
                  <option key={c} value={c}>
                    {t(label)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('counters.release')} hint={t('counters.releaseHint')}>
            {(id, d) => <input id={id} aria-describedby={d} type="number" min={0} max={43200} value={hold.release} onChange={(e) => setHold({ ...hold, release: e.target.value })} />}
          </Field>
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-primary" disabled={seats.length === 0}>
            {t('counters.hold')}
          </button>
        </div>
        <Outcome error={holding.error} saved={false} />
        {held ? (
          <p className="staff-ok" role="status">
            {t('counters.held', { seats: held.seats.join(', '), trips: held.trips ?? 0 })}
          </p>
        ) : null}
        {held?.skipped?.length ? (
          <p className="staff-alert" role="alert">
            {t('counters.skipped', { seats: held.skipped.join(', ') })}
          </p>
        ) : null}
      </form>
      <DataTable
        caption={t('counters.blocks')}
        rows={blocks.data?.blocks ?? []}
        columns={[
          { id: 'target', header: t('counters.target'), value: describe },
          { id: 'seats', header: t('counters.seats'), value: (b) => b.seats.join(', ') },
          { id: 'channel', header: t('counters.channel'), value: (b) => channelName(b.channel) },
          {
            id: 'release',
            header: t('counters.releaseColumn'),
            value: (b) => b.releaseMinutesBefore ?? -1,
            cell: (b) => (b.releaseMinutesBefore == null ? t('counters.untilReleased') : t('counters.releaseLine', { minutes: b.releaseMinutesBefore })),
          },
          { id: 'trips', header: t('counters.tripCount'), value: (b) => b.trips ?? 0 },
          {
            id: 'remove',
            header: t('counters.releaseNow'),
            value: () => '',
            sortable: false,
            cell: (b) => (
              <button type="button" className="staff-link" onClick={() => release(b)}>
                {t('counters.releaseNow')} {b.seats.join(', ')}
              </button>
            ),
          },
        ]}
      />
      <Outcome error={releasing.error} saved={false} />
      {releasing.saved ? (
        <p className="staff-ok" role="status">
          {t('counters.released')}
        </p>
      ) : null}
      <form aria-label={t('counters.quotaTitle')} onSubmit={submitQuota}>
        <h3>{t('counters.quotaTitle')}</h3>
        <div className="staff-grid">
          <Field label={t('counters.target')} hint={t('counters.targetHint')}>
            {targetSelect(quota.target, (target) => setQuota({ ...quota, target }))}
          </Field>
          <Field label={t('counters.quota')} hint={t('counters.quotaHint')}>
            {(id, d) => <input id={id} aria-describedby={d} type="number" min={0} value={quota.quota} onChange={(e) => setQuota({ ...quota, quota: e.target.value })} />}
          </Field>
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-primary">
            {quota.quota === '' ? t('counters.liftQuota') : t('counters.setQuota')}
          </button>
        </div>
        <Outcome error={quoting.error} saved={false} />
        {quotaSet ? (
          <p className="staff-ok" role="status">
            {quotaSet.quota == null ? t('counters.quotaLifted', { trips: quotaSet.trips ?? 0 }) : t('counters.quotaSet', { quota: quotaSet.quota, trips: quotaSet.trips ?? 0 })}
          </p>
        ) : null}
      </form>
      <DataTable
        caption={t('counters.quotas')}
        rows={blocks.data?.quotas ?? []}
        columns={[
          { id: 'target', header: t('counters.target'), value: describe },
          { id: 'quota', header: t('counters.quota'), value: (q) => q.quota ?? '' },
        ]}
      />
    </Card>
  );
}

function ShiftsCard() {
  const shifts = useLoad(() => get<Shifts>('shifts'));
  return (
    <Card title={t('counters.shifts')}>
      <Outcome error={shifts.error} saved={false} />
      <DataTable
        caption={t('counters.shifts')}
        rows={shifts.data?.shifts ?? []}
        columns={[
          { id: 'counter', header: t('counters.counter'), value: (s) => s.counterName },
          { id: 'seller', header: t('counters.seller'), value: (s) => s.seller },
          { id: 'opened', header: t('counters.opened'), value: (s) => dhaka(s.openedAt) },
          { id: 'closed', header: t('counters.closed'), value: (s) => (s.closedAt == null ? t('counters.stillOpen') : dhaka(s.closedAt)) },
          { id: 'float', header: t('counters.float'), value: (s) => s.cash.float, cell: (s) => taka(s.cash.float) },
          { id: 'cashSales', header: t('counters.cashSales'), value: (s) => s.cash.cashSales, cell: (s) => taka(s.cash.cashSales) },
          { id: 'cashRefunds', header: t('counters.cashRefunds'), value: (s) => s.cash.cashRefunds, cell: (s) => taka(s.cash.cashRefunds) },
          { id: 'bkash', header: t('counters.bkashSales'), value: (s) => s.bkashSales, cell: (s) => taka(s.bkashSales) },
          { id: 'tickets', header: t('counters.tickets'), value: (s) => s.tickets },
          { id: 'cancelled', header: t('counters.cancelled'), value: (s) => s.cancelled },
          { id: 'expected', header: t('counters.expected'), value: (s) => s.closing?.expected ?? '', cell: (s) => (s.closing ? taka(s.closing.expected) : '') },
          { id: 'counted', header: t('counters.counted'), value: (s) => s.closing?.counted ?? '', cell: (s) => (s.closing ? taka(s.closing.counted) : '') },
          { id: 'difference', header: t('counters.difference'), value: (s) => s.closing?.difference ?? '', cell: (s) => (s.closing ? taka(s.closing.difference) : '') },
          { id: 'reason', header: t('counters.reason'), value: (s) => s.reason ?? '' },
        ]}
      />
    </Card>
  );
}

function ReportsCard({ counters }: { counters: StaffCounter[] }) {
  const [range, setRange] = useState({ from: today(), to: today() });
  const [sales, setSales] = useState<SalesReport | null>(null);
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const [error, setError] = useState<unknown>(null);
  // A sale's channel is the web or the id of the counter that sold it.
  const channel = (c: string) => (c === 'web' ? t('counters.web') : (counters.find((k) => k.id === c)?.name ?? c));
  const attempt = (work: () => Promise<void>) => async () => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err);
    }
  };
  const show = attempt(async () => {
    const [s, m] = await Promise.all([get<SalesReport>('reports/sales', range), get<Settlement>('reports/settlement', range)]);
    setSales(s);
    setSettlement(m);
  });
  const download = attempt(async () => {
    // The helper sends the login and answers a file's text as it came.
    const csv = await get<string>('reports/sales', { ...range, format: 'csv' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = `sales-${range.from}-${range.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  });
  return (
    <Card title={t('counters.reports')}>
      <form
        aria-label={t('counters.reports')}
        onSubmit={(e) => {
          e.preventDefault();
          void show();
        }}
      >
        <div className="staff-grid">
          <Field label={t('counters.from')}>{(id) => <input id={id} type="date" required max={range.to || undefined} value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />}</Field>
          <Field label={t('counters.to')}>{(id) => <input id={id} type="date" required min={range.from || undefined} value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />}</Field>
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-primary">
            {t('counters.show')}
          </button>
          <button type="button" disabled={!range.from || !range.to} onClick={() => void download()}>
            {t('counters.csv')}
          </button>
        </div>
        <Outcome error={error} saved={false} />
      </form>
      {sales ? (
        <DataTable
          caption={t('counters.sales')}
          rows={sales.rows}
          columns={[
            { id: 'day', header: t('counters.day'), value: (r) => r.day },
            { id: 'trip', header: t('counters.trip'), value: (r) => r.tripId },
            { id: 'departs', header: t('trips.departs'), value: (r) => r.departs },
            { id: 'channel', header: t('counters.saleChannel'), value: (r) => channel(r.channel) },
            { id: 'tickets', header: t('counters.tickets'), value: (r) => r.tickets },
            { id: 'seats', header: t('counters.seats'), value: (r) => r.seats },
            { id: 'amount', header: t('counters.amount'), value: (r) => r.amount, cell: (r) => taka(r.amount) },
            { id: 'refunded', header: t('counters.refunded'), value: (r) => r.refunded, cell: (r) => taka(r.refunded) },
          ]}
        />
      ) : null}
      {settlement ? (
        <DataTable
          caption={t('counters.settlement')}
          rows={settlement.operators}
          columns={[
            { id: 'operator', header: t('form.operator'), value: (r) => r.operatorId },
            { id: 'web', header: t('counters.webSales'), value: (r) => r.webSales, cell: (r) => taka(r.webSales) },
            { id: 'fees', header: t('counters.gatewayFees'), value: (r) => r.gatewayFees, cell: (r) => taka(r.gatewayFees) },
            { id: 'charges', header: t('counters.serviceCharges'), value: (r) => r.serviceCharges, cell: (r) => taka(r.serviceCharges) },
            { id: 'commission', header: t('counters.commission'), value: (r) => r.commission, cell: (r) => `${taka(r.commission)} (${r.commissionPercent}%)` },
            { id: 'refunds', header: t('counters.refunds'), value: (r) => r.refunds, cell: (r) => taka(r.refunds) },
            { id: 'net', header: t('counters.net'), value: (r) => r.net, cell: (r) => taka(r.net) },
          ]}
        />
      ) : null}
    </Card>
  );
}
