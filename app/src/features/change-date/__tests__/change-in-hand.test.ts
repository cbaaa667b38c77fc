import { beforeEach, describe, expect, it } from 'vitest';
import type { Ticket } from 'core-wasm';
import { changeInHand, endChange, mayChangeDate, startChange } from '@/features/change-date/change-in-hand';
import { ticket as fixture } from '@/features/find-ticket/__tests__/ticket-fixture';

const DHAKA_SHIFT_MS = 12 * 3_600_000; // the wire's clock is Dhaka's, six hours ahead of UTC plus six

function ticket(hoursAhead: number, over: Partial<Ticket> = {}): Ticket {
  return fixture({
    _id: 'tkt-change',
    fromCityId: 'dhaka',
    toCityId: 'kushtia',
    operatorId: 'op-hanif',
    departureDateTime: new Date(Date.now() + DHAKA_SHIFT_MS + hoursAhead * 3_600_000).toISOString(),
    policy: {
      slabs: [{ hours: 24, fee: { kind: 'percent', percent: 15 } }],
      reschedule: { hours: 12, fee: { kind: 'percent', percent: 10 } },
    } as Ticket['policy'],
    ...over,
  });
}

describe('the change in hand', () => {
  beforeEach(() => endChange());

  it('is offered while the policy allows a date change, not after its cut-off nor without one', () => {
    expect(mayChangeDate(ticket(36))).toBe(true);
    expect(mayChangeDate(ticket(6))).toBe(false);
    expect(mayChangeDate(ticket(36, { policy: { slabs: [] } as unknown as Ticket['policy'] }))).toBe(false);
  });

  it('keeps the ticket for the tab and lists the same operator on the route', () => {
    const kept = ticket(36);
    expect(startChange(kept, '2026-12-20')).toBe('/bus/trip?from=dhaka&to=kushtia&journeyDate=2026-12-20&coachType=all&busCompany=op-hanif');
    expect(changeInHand()?._id).toBe(kept._id);
    endChange();
    expect(changeInHand()).toBeNull();
  });
});
