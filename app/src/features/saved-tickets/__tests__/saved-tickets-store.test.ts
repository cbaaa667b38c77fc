/**
 * The copy of a ticket outlives the page that showed it, even one left before the device's
 * database answered (issue 14: a traveller who moves on at once keeps the ticket too).
 * IndexedDB is played by a map whose writes can be held back, as a page left early leaves them.
 */
import type { Ticket } from 'core-wasm/booking';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticket } from '@/features/find-ticket/__tests__/ticket-fixture';

const idb = vi.hoisted(() => ({
  rows: new Map<string, unknown>(),
  /** While set, a write waits for it (the database has not answered yet). */
  held: null as Promise<void> | null,
  /** A ticket id whose writes the database refuses (a full quota). */
  refused: null as string | null,
}));

vi.mock('idb-keyval', () => ({
  createStore: () => 'tickets',
  get: (key: string) => Promise.resolve(idb.rows.get(key)),
  values: () => Promise.resolve([...idb.rows.values()]),
  del: (key: string) => Promise.resolve(void idb.rows.delete(key)),
  update: async (key: string, updater: (old: unknown) => unknown) => {
    if (idb.held) await idb.held;
    if (key === idb.refused) throw new DOMException('quota', 'QuotaExceededError');
    idb.rows.set(key, updater(idb.rows.get(key)));
  },
}));

/** The store as a new page loads it. */
async function newPage() {
  vi.resetModules();
  return import('@/features/saved-tickets/saved-tickets-store');
}

/** Writes held until the returned function is called; one never called is a page left. */
function holdWrites(): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  idb.held = gate;
  return () => {
    if (idb.held === gate) idb.held = null;
    release();
  };
}

/** The statuses of the copies noted in localStorage and not settled yet. */
function unsettled(): string[] {
  return Object.keys(window.localStorage)
    .filter((key) => key.startsWith('saved-tickets:unsettled:'))
    .map((key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { ticket: Ticket }).ticket.paymentHistory.ticketStatus);
}

const shown = ticket({ _id: 'tkt-1', pnr: 'GL7K2QX9' });

beforeEach(() => {
  idb.rows.clear();
  idb.held = null;
  idb.refused = null;
});

afterEach(() => vi.restoreAllMocks());

describe('a ticket shown on a page', () => {
  it('is saved on the device, and nothing is left to settle', async () => {
    const { saveTicket, savedTickets } = await newPage();
    await saveTicket('BUS', shown);
    expect(idb.rows.get('tkt-1')).toMatchObject({ service: 'BUS', ticket: { pnr: 'GL7K2QX9' }, pdf: null });
    expect(unsettled()).toEqual([]);
    expect((await savedTickets()).map((saved) => saved.ticket.pnr)).toEqual(['GL7K2QX9']);
  });

  it('is kept when the page is left before the device database answered', async () => {
    const left = await newPage();
    holdWrites();
    void left.saveTicket('BUS', shown);
    expect(idb.rows.size).toBe(0);

    idb.held = null;
    const next = await newPage();
    const saved = await next.savedTickets();
    expect(saved.map((copy) => [copy.service, copy.ticket.pnr])).toEqual([['BUS', 'GL7K2QX9']]);
    expect(idb.rows.has('tkt-1')).toBe(true);
    expect(unsettled()).toEqual([]);
  });

  it('is found by its id on the next page too', async () => {
    holdWrites();
    void (await newPage()).saveTicket('LAUNCH', shown);
    idb.held = null;
    expect((await (await newPage()).savedTicket('tkt-1'))?.service).toBe('LAUNCH');
  });

  it('keeps its newest copy when an older write answers after a newer one was noted', async () => {
    const { saveTicket, savedTickets } = await newPage();
    const answerOlder = holdWrites();
    const older = saveTicket('BUS', shown);
    const answerNewer = holdWrites();
    const cancelled = ticket({ ...shown, paymentHistory: { ...shown.paymentHistory, ticketStatus: 'cancelled' } });
    const newer = saveTicket('BUS', cancelled);
    answerOlder();
    await older;
    // The older write answered: the newer copy is still noted until its own write answers.
    expect(unsettled()).toEqual(['cancelled']);
    answerNewer();
    await newer;
    expect(unsettled()).toEqual([]);
    expect((await savedTickets()).map((saved) => saved.ticket.paymentHistory.ticketStatus)).toEqual(['cancelled']);
  });

  it('once removed from the device does not come back from an unsettled copy', async () => {
    holdWrites();
    void (await newPage()).saveTicket('BUS', shown);
    idb.held = null;
    const { removeSavedTicket, savedTickets } = await newPage();
    await removeSavedTicket('tkt-1');
    expect(await savedTickets()).toEqual([]);
  });

  it('is still saved when local storage refuses the note (private mode, a full quota)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { saveTicket, savedTickets } = await newPage();
    await saveTicket('BUS', shown);
    expect((await savedTickets()).map((saved) => saved.ticket.pnr)).toEqual(['GL7K2QX9']);
  });

  it('noted on a page left early does not hide the other saved tickets when the database refuses it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { saveTicket } = await newPage();
    await saveTicket('BUS', ticket({ _id: 'tkt-2', pnr: 'SAVED222' }));
    holdWrites();
    void saveTicket('BUS', shown);
    idb.held = null;
    idb.refused = 'tkt-1';
    const next = await newPage();
    expect((await next.savedTickets()).map((saved) => saved.ticket.pnr)).toEqual(['SAVED222']);
    // Still noted: the next read tries again, and keeps it once the database takes it.
    idb.refused = null;
    expect((await next.savedTickets()).map((saved) => saved.ticket.pnr).sort()).toEqual(['GL7K2QX9', 'SAVED222']);
  });
});
