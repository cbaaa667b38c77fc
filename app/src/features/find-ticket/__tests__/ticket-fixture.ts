/** A ticket as search-ticket and my-tickets answer one, for the pages that list them. */
import type { Ticket } from 'core-wasm/booking';

export const PHONE = '01712345678';

export function ticket(overrides: Partial<Ticket> & Pick<Ticket, '_id'>): Ticket {
  return {
    pnr: 'GL7K2QX9',
    tnxId: 'tnx-1',
    service: 'BUS',
    companyName: 'Green Line Paribahan',
    vehicle: 'GL-101 (Business Class)',
    from: 'Dhaka',
    to: 'Chattogram',
    // 22:30 in Dhaka on 1 January 2030, stored 6 hours ahead (DESIGN §3).
    departureDateTime: '2030-01-02T04:30:00.000Z',
    boardingPoint: 'Arambagh',
    droppingPoint: 'GEC Circle',
    seats: ['A1', 'A2'],
    passengerName: 'Karim',
    phone: PHONE,
    fareLines: [
      { label: 'Fare', amount: 2400 },
      { label: 'Discount', amount: -200 },
    ],
    paymentHistory: { ticketStatus: 'confirmed', paidAmount: 2200, refundAmount: undefined, gateway: 'sandbox' },
    // The policy it was sold under (issue 37): 10 % kept with 6 hours' notice or more.
    policy: { slabs: [{ hours: 6, fee: { kind: 'percent', percent: 10, minimum: 0 } }], periods: [] },
    ...overrides,
  };
}

/**
 * A paid Hanif ticket from Dhaka to Kushtia, 36 hours ahead, whose policy allows a date change
 * (10 % until 12 hours before): Change date is offered.
 */
export function changeableTicket(overrides: Partial<Ticket> & Pick<Ticket, '_id'>): Ticket {
  return ticket({
    fromCityId: 'dhaka',
    toCityId: 'kushtia',
    operatorId: 'op-hanif',
    // 36 hours ahead in Dhaka (the wire's clock is Dhaka's, six hours ahead).
    departureDateTime: new Date(Date.now() + (6 + 6 + 36) * 3_600_000).toISOString(),
    policy: {
      slabs: [{ hours: 24, fee: { kind: 'percent', percent: 15 } }],
      reschedule: { hours: 12, fee: { kind: 'percent', percent: 10 } },
    } as Ticket['policy'],
    ...overrides,
  });
}
