/**
 * Boarding (issue 36): a supervisor at a door or on a dark gangway, one hand free. The trip, then
 * the camera (or a PNR typed for a traveller with only an SMS), and one large answer: green with
 * the seat and the name, amber when the ticket already boarded, red with the reason. An enrolled
 * phone keeps the trip's pack and judges every scan itself (the core's BoardingDoor, through wasm), so it
 * boards with no network; its scans queue with their time and a nonce and upload when the
 * network returns. A phone not enrolled scans online only. Then the manifest, and boarding
 * closed at the cut-off. A manager enrols and revokes the phones here too.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type {
  BoardingClosed,
  BoardingCutoff,
  BoardingSettings,
  BoardingDevices,
  CounterTrips,
  DeviceEnrolment,
  EnrolledDevice,
  Manifest,
  ScanAnswer,
  ScanReason,
  TripPack,
} from 'core-wasm/staff';
import { BoardingDoor } from 'core-wasm/staff';
import { useOnline } from '@/lib/online';
import { StaffError, deviceGet, devicePost, get, getFile, post, type Me } from '@/staff/api';
import { startCamera } from '@/staff/board/camera';
import { admit, device as kept, dropTrip, keepPack, keptTrip, keptTrips, queueScan, queuedScans, wipe, type Device, type KeptTrip } from '@/staff/board/store';
import { uploadQueued } from '@/staff/board/upload';
import { Field, Outcome } from '@/staff/form';
import { currentLang, t, type Key } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

/** A PNR's length; anything longer typed is a boarding code. */
const PNR_CHARS = 8;

/** How often queued scans are tried again while the page is open. */
const UPLOAD_EVERY_MS = 10_000;

const REASONS: Record<ScanReason, Key> = {
  unreadable: 'board.reason.unreadable',
  unknownKey: 'board.reason.unknownKey',
  forged: 'board.reason.forged',
  revoked: 'board.reason.revoked',
  otherTrip: 'board.reason.otherTrip',
  notYet: 'board.reason.notYet',
  expired: 'board.reason.expired',
  notFound: 'board.reason.notFound',
  noShow: 'board.reason.noShow',
};

function newNonce(): string {
  return crypto.randomUUID();
}

export function BoardPage({ me }: { me: Me }) {
  const online = useOnline();
  const [phone, setPhone] = useState<Device | null>(() => kept.get());
  const manages = me.grants.some((g) => g.role === 'admin' || g.role === 'manager');
  return (
    <section className="board">
      <h1>{t('nav.board')}</h1>
      {online ? null : (
        <p className="staff-alert" role="status">
          {t(phone ? 'board.offline' : 'board.offlineNoDevice')}
        </p>
      )}
      {phone ? <p className="staff-muted">{t('board.enrolledAs', { name: phone.name })}</p> : null}
      <Door phone={phone} online={online} onRevoked={() => setPhone(null)} />
      {phone ? null : <Enrol online={online} onEnrolled={setPhone} />}
      {manages ? <Phones online={online} /> : null}
      {manages ? <Cutoff online={online} /> : null}
    </section>
  );
}

/** This phone takes the enrolment code a manager read out. */
function Enrol({ online, onEnrolled }: { online: boolean; onEnrolled: (d: Device) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post<EnrolledDevice>('boarding/devices/enrol', { code: code.trim() }).then((d) => onEnrolled(kept.set(d)), setError);
  };
  return (
    <form className="staff-card" onSubmit={submit} aria-labelledby="board-enrol">
      <h2 id="board-enrol">{t('board.enrol')}</h2>
      <p className="staff-muted">{t('board.enrolHint')}</p>
      <Field label={t('board.enrolCode')}>
        {(id) => <input id={id} value={code} autoComplete="off" autoCapitalize="characters" onChange={(e) => setCode(e.target.value)} required />}
      </Field>
      <div className="staff-actions">
        <button type="submit" className="staff-primary" disabled={!online}>
          {t('board.enrolButton')}
        </button>
      </div>
      <Outcome error={error} saved={false} />
    </form>
  );
}

/** The wasm door of the pack in hand. */
interface HeldDoor {
  pack: TripPack;
  door: BoardingDoor;
}

/** The door for `held`'s pack: the one kept while the pack is the same, else a new one (the old
 * one's wasm memory freed). */
function doorOf(kept: { current: HeldDoor | null }, held: KeptTrip): BoardingDoor {
  if (kept.current?.pack === held.pack) return kept.current.door;
  kept.current?.door.free();
  const fresh = new BoardingDoor(held.pack, held.admitted);
  kept.current = { pack: held.pack, door: fresh };
  return fresh;
}

interface TripChoice {
  id: string;
  label: string;
}

/** The door: a trip, the camera or a typed PNR, the answer, the queue, the manifest, the close. */
function Door({ phone, online, onRevoked }: { phone: Device | null; online: boolean; onRevoked: () => void }) {
  const [choices, setChoices] = useState<TripChoice[]>([]);
  const [tripId, setTripId] = useState('');
  const [trip, setTrip] = useState<KeptTrip | null>(null);
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [queued, setQueued] = useState(0);
  const [flags, setFlags] = useState<ScanAnswer[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [typed, setTyped] = useState('');

  // The trips: the server's list when online, else the packs this phone kept.
  useEffect(() => {
    const fromPacks = () =>
      keptTrips().then((trips) => setChoices(trips.map((k) => ({ id: k.pack.trip.id, label: `${k.pack.trip.departs} · ${k.pack.trip.routeName}` }))));
    if (!online) {
      void fromPacks();
      return;
    }
    get<CounterTrips>('boarding/trips').then(
      (list) => setChoices(list.trips.map((tr) => ({ id: tr.id, label: `${tr.departs} · ${tr.routeName} · ${tr.vehicle}` }))),
      () => void fromPacks(),
    );
  }, [online]);
  const chosen = tripId || choices[0]?.id || '';

  // The chosen trip's pack: fresh from the server when online (an enrolled phone only), else
  // the one kept. A closed trip's pack is wiped.
  useEffect(() => {
    if (!chosen) return;
    let live = true;
    const load = async () => {
      let fresh: KeptTrip | null = (await keptTrip(chosen)) ?? null;
      if (phone && navigator.onLine) {
        try {
          const pack = await deviceGet<TripPack>('boarding/pack/{id}', chosen, phone.key);
          fresh = pack.trip.boardingClosedAt ? null : await keepPack(pack);
          if (pack.trip.boardingClosedAt) await dropTrip(chosen);
        } catch (e) {
          if (e instanceof StaffError && e.code === 'boarding.deviceKey') {
            await wipe();
            onRevoked();
          }
          setError(e);
        }
      }
      if (live) setTrip(fresh);
    };
    void load();
    return () => {
      live = false;
    };
  }, [chosen, phone, onRevoked]);

  // The door's state in wasm: the pack read once per pack, not at every scan.
  const door = useRef<HeldDoor | null>(null);
  useEffect(
    () => () => {
      door.current?.door.free();
      door.current = null;
    },
    [],
  );

  const sync = useCallback(async () => {
    if (navigator.onLine) {
      const done = await uploadQueued(phone);
      if (done.revoked) onRevoked();
      if (done.flagged.length || done.refused.length) setFlags((f) => [...done.flagged, ...done.refused, ...f].slice(0, 20));
    }
    setQueued((await queuedScans()).length);
  }, [phone, onRevoked]);
  useEffect(() => {
    // At once (the network may just have come back), then every few seconds.
    const first = window.setTimeout(() => void sync(), 0);
    const timer = window.setInterval(() => void sync(), UPLOAD_EVERY_MS);
    return () => (window.clearTimeout(first), window.clearInterval(timer));
  }, [sync, online]);

  /** One scan: judged here when the phone has the pack, else by the server. What is typed may
   * be a PNR, or a whole code (a handheld scanner types what it reads). */
  const judge = useCallback(
    async (input: string) => {
      setError(null);
      const scannedAt = Date.now();
      const typedPnr = input.replace(/\s/g, '').length <= PNR_CHARS;
      const base = { tripId: chosen, scannedAt, nonce: newNonce(), ...(typedPnr ? { pnr: input.trim() } : { code: input.trim() }) };
      const held = trip ?? (await keptTrip(chosen)) ?? null;
      if (phone && held) {
        const here = doorOf(door, held);
        const local = here.check(input, scannedAt) as ScanAnswer;
        setAnswer(local);
        navigator.vibrate?.(local.result === 'boarded' ? 80 : [60, 60, 60]);
        if (local.result === 'boarded' && local.pnr) {
          here.admit(local.pnr);
          await admit(chosen, local.pnr);
          setTrip((k) => (k && local.pnr ? { ...k, admitted: [...k.admitted, local.pnr] } : k));
        }
        await queueScan({ scan: { ...base, deviceId: phone.id }, local });
        void sync();
        return;
      }
      try {
        setAnswer(await devicePost<ScanAnswer>('boarding/scan', base, null));
      } catch (e) {
        setError(e);
      }
    },
    [chosen, phone, trip, sync],
  );

  const submitTyped = (e: FormEvent) => {
    e.preventDefault();
    if (!typed.trim()) return;
    void judge(typed);
    setTyped('');
  };

  const canScan = Boolean(chosen) && (online || Boolean(phone && trip));
  return (
    <div className="board-door">
      <Field label={t('board.trip')}>
        {(id) => (
          <select id={id} value={chosen} onChange={(e) => (setTripId(e.target.value), setAnswer(null))}>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {trip ? <p className="staff-muted">{t('board.packed', { tickets: trip.pack.tickets.length, admitted: trip.admitted.length })}</p> : null}
      <Verdict answer={answer} />
      <Camera disabled={!canScan} onCode={(code) => void judge(code)} />
      <form className="board-typed" onSubmit={submitTyped}>
        <Field label={t('board.typePnr')}>
          {(id) => <input id={id} value={typed} autoComplete="off" autoCapitalize="characters" inputMode="text" onChange={(e) => setTyped(e.target.value)} />}
        </Field>
        <button type="submit" className="staff-primary" disabled={!canScan}>
          {t('board.check')}
        </button>
      </form>
      <p className="staff-muted" role="status" data-testid="board-queue">
        {queued ? t('board.queued', { count: queued }) : t('board.allSent')}
      </p>
      {flags.length ? (
        <div className="staff-alert" role="alert">
          <strong>{t('board.flagged')}</strong>
          <ul>
            {flags.map((f, i) => (
              <li key={`${f.pnr ?? ''}-${i}`}>
                {f.pnr} · {(f.seats ?? []).join(', ')} · {f.result === 'duplicate' ? t('board.flagDuplicate') : t(REASONS[f.reason ?? 'unreadable'])}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Outcome error={error} saved={false} />
      {chosen && online ? <TripManifest tripId={chosen} onClosed={() => void dropTrip(chosen).then(() => setTrip(null))} /> : null}
    </div>
  );
}

/** The answer, large and coloured, for a glance on a dark gangway. */
function Verdict({ answer }: { answer: ScanAnswer | null }) {
  if (!answer) return <div className="board-verdict board-verdict--idle">{t('board.ready')}</div>;
  const tone = answer.result === 'boarded' ? 'ok' : answer.result === 'duplicate' ? 'warn' : 'no';
  const title = answer.result === 'boarded' ? t('board.boarded') : answer.result === 'duplicate' ? t('board.duplicate') : t('board.refused');
  return (
    <div className={`board-verdict board-verdict--${tone}`} role="alert" data-testid="board-verdict" data-result={answer.result}>
      <strong className="board-verdict__title">{title}</strong>
      {answer.seats?.length ? <span className="board-verdict__seats">{answer.seats.join(', ')}</span> : null}
      {answer.passengerName ? <span>{answer.passengerName}</span> : null}
      {answer.reason ? <span>{t(REASONS[answer.reason])}</span> : null}
      {answer.pnr ? <span>{t('board.pnr', { pnr: answer.pnr })}</span> : null}
    </div>
  );
}

function Camera({ disabled, onCode }: { disabled: boolean; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | null>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heard = useRef(onCode);
  useEffect(() => {
    heard.current = onCode;
  });
  useEffect(() => () => stop.current?.(), []);
  const toggle = async () => {
    if (stop.current) {
      stop.current();
      stop.current = null;
      setOn(false);
      return;
    }
    if (!video.current) return;
    try {
      setProblem(null);
      stop.current = await startCamera(video.current, (code) => heard.current(code));
      setOn(true);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="board-camera">
      <video ref={video} className={on ? 'board-camera__video' : 'board-camera__video board-camera__video--off'} aria-label={t('board.camera')} />
      <button type="button" className="staff-primary board-camera__toggle" disabled={disabled} onClick={() => void toggle()}>
        {on ? t('board.cameraStop') : t('board.cameraStart')}
      </button>
      {problem ? (
        <p className="staff-alert" role="alert">
          {t('board.cameraProblem', { problem })}
        </p>
      ) : null}
    </div>
  );
}

/** Everyone booked, boarded or not; CSV to take away; boarding closed at the cut-off. */
function TripManifest({ tripId, onClosed }: { tripId: string; onClosed: () => void }) {
  const [manifest, setManifest] = useState<Manifest | null>(null);
  const [closed, setClosed] = useState<BoardingClosed | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);
  const load = useCallback(() => get<Manifest>('boarding/manifest/{id}', {}, tripId).then(setManifest, setError), [tripId]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  const close = () => {
    if (!window.confirm(t('board.closeConfirm'))) return;
    post<BoardingClosed>('boarding/close', { tripId }).then((c) => (setClosed(c), onClosed(), void load()), setError);
  };
  const download = async (format: 'csv' | 'pdf') => {
    const file = await getFile('boarding/manifest/{id}', tripId, currentLang(), { format });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = `manifest-${tripId}.${format}`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section className="staff-card" aria-labelledby="board-manifest">
      <h2 id="board-manifest">{t('board.manifest')}</h2>
      <div className="staff-actions">
        <button type="button" onClick={() => setOpen((o) => !o)}>
          {open ? t('board.hideManifest') : t('board.showManifest')}
        </button>
        <button type="button" onClick={() => void download('pdf').catch(setError)}>
          {t('board.pdf')}
        </button>
        <button type="button" onClick={() => void download('csv').catch(setError)}>
          {t('board.csv')}
        </button>
        <button type="button" className="staff-danger" onClick={close}>
          {t('board.close')}
        </button>
      </div>
      {closed ? (
        <p role="status">{t('board.closed', { boarded: closed.boarded, noShows: closed.noShows, seats: closed.freedSeats.join(', ') || '—' })}</p>
      ) : null}
      {open && manifest ? (
        <>
          <p className="staff-muted">
            {t('board.counts', { booked: manifest.booked, boarded: manifest.boarded, noShows: manifest.noShows })}
            {manifest.decks.length > 1 || manifest.trip.service === 'LAUNCH'
              ? ` · ${manifest.decks.map((d) => t('board.deck', { deck: d.deck, boarded: d.boarded, booked: d.booked, capacity: d.capacity })).join(' · ')}`
              : ''}
          </p>
          <div className="staff-table staff-table__scroll" tabIndex={0} role="region" aria-label={t('board.manifest')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('board.col.seats')}</th>
                  <th scope="col">{t('board.col.status')}</th>
                  <th scope="col">{t('board.col.passenger')}</th>
                  <th scope="col">{t('board.col.phone')}</th>
                  <th scope="col">{t('board.col.points')}</th>
                  <th scope="col">{t('board.col.channel')}</th>
                </tr>
              </thead>
              <tbody>
                {manifest.passengers.map((p) => (
                  <tr key={p.pnr} className={`board-row board-row--${p.status}`}>
                    <td>{p.seats.join(', ')}</td>
                    <td>
                      {t(`board.status.${p.status}` as Key)}
                      {p.flags.length ? ` · ${t('board.flags', { count: p.flags.length })}` : ''}
                    </td>
                    <td>
                      {p.passengerName || '—'} <span className="staff-muted">{p.pnr}</span>
                    </td>
                    <td>{p.phone}</td>
                    <td>{[p.boardingPoint, p.droppingPoint].filter(Boolean).join(' → ')}</td>
                    <td>{t(p.channel === 'counter' ? 'board.channel.counter' : 'board.channel.web')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <Outcome error={error} saved={false} />
    </section>
  );
}

/** A manager's phones: enrol one (its code, read out once), revoke one. */
function Phones({ online }: { online: boolean }) {
  const devices = useLoad(() => get<BoardingDevices>('boarding/devices'));
  const [name, setName] = useState('');
  const [enrolment, setEnrolment] = useState<DeviceEnrolment | null>(null);
  const [error, setError] = useState<unknown>(null);
  const add = (e: FormEvent) => {
    e.preventDefault();
    post<DeviceEnrolment>('boarding/devices', { name: name.trim() }).then((d) => (setEnrolment(d), setName(''), devices.reload()), setError);
  };
  const revoke = (id: string) => post('boarding/devices/revoke', { id }).then(devices.reload, setError);
  return (
    <section className="staff-card" aria-labelledby="board-phones">
      <h2 id="board-phones">{t('board.phones')}</h2>
      <form className="board-typed" onSubmit={add}>
        <Field label={t('board.phoneName')}>{(id) => <input id={id} value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />}</Field>
        <button type="submit" className="staff-primary" disabled={!online}>
          {t('board.addPhone')}
        </button>
      </form>
      {enrolment ? (
        <p role="status" className="board-code">
          {t('board.codeFor', { name: enrolment.device.name })} <strong data-testid="enrol-code">{enrolment.enrolCode}</strong>
        </p>
      ) : null}
      <ul className="board-phones">
        {(devices.data?.devices ?? []).map((d) => (
          <li key={d.id}>
            {d.name} · {d.revokedAt ? t('board.phoneRevoked') : d.enrolledAt ? t('board.phoneEnrolled') : t('board.phoneWaiting')}
            {d.revokedAt ? null : (
              <button type="button" className="staff-link" onClick={() => void revoke(d.id)}>
                {t('board.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <Outcome error={error ?? devices.error} saved={false} />
    </section>
  );
}

/** How long before departure boarding may close: the operator's setting. */
function Cutoff({ online }: { online: boolean }) {
  const settings = useLoad(() => get<BoardingSettings>('boarding/settings'));
  const [edited, setEdited] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const save = (e: FormEvent, operatorId: string, minutes: string) => {
    e.preventDefault();
    setSaved(false);
    post<BoardingCutoff>('boarding/settings', { operatorId, cutoffMinutes: Number(minutes) }).then(() => (setSaved(true), settings.reload()), setError);
  };
  return (
    <section className="staff-card" aria-labelledby="board-cutoff">
      <h2 id="board-cutoff">{t('board.cutoffTitle')}</h2>
      {(settings.data?.operators ?? []).map((o) => {
        const id = o.operatorId ?? '';
        const minutes = edited[id] ?? String(o.cutoffMinutes);
        return (
          <form key={id} className="board-typed" onSubmit={(e) => save(e, id, minutes)}>
            <Field label={t('board.cutoff', { operator: id })}>
              {(fieldId) => (
                <input
                  id={fieldId}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  value={minutes}
                  onChange={(e) => setEdited((m) => ({ ...m, [id]: e.target.value }))}
                  required
                />
              )}
            </Field>
            <button type="submit" className="staff-primary" disabled={!online}>
              {t('board.saveCutoff')}
            </button>
          </form>
        );
      })}
      <Outcome error={error ?? settings.error} saved={saved} />
    </section>
  );
}
