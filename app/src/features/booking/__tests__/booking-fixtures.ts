/**
 * A held trip and the ticket API's answers along one booking, shaped like the demo server's
 * (ticket-api/src/booking.rs, promos.rs): what the booking and payment tests start from.
 */
import type { BusBooking, LaunchBooking, Service, Ticket } from 'core-wasm';
import { clearHold, saveHold, type Hold } from '@/features/booking/hold';
import { answer, trip } from '@/test/fake-api';

export const TNX = 'TNX-BUS-1';
export const LAUNCH_TNX = 'TNX-LAUNCH-1';

export function busHold(overrides: Partial<Hold> = {}): Hold {
  return {
    service: 'BUS',
    trip: trip({ _id: 'gl-2230' }),
    seats: ['A1', 'A2'],
    boardingPoint: 'Arambagh',
    droppingPoint: 'GEC Circle',
    from: 'dhaka',
    to: 'chattogram',
    expiresAtMs: Date.now() + 10 * 60 * 1000,
    expiresAt: '2030-01-01T18:10:00.000Z',
    ...overrides,
  };
}

export function launchHold(overrides: Partial<Hold> = {}): Hold {
  return {
    service: 'LAUNCH',
    trip: trip({
      _id: 'mv-adventure',
      companyName: 'Adventure Shipping',
      coachNo: undefined,
      shipName: 'MV Adventure-9',
      busClass: 'Launch',
      routeName: 'Dhaka - Barishal',
    }),
    seats: ['C101', 'C102'],
    boardingPoint: null,
    droppingPoint: null,
    from: 'dhaka',
    to: 'barishal',
    expiresAtMs: Date.now() + 10 * 60 * 1000,
    expiresAt: '2030-01-01T18:10:00.000Z',
    ...overrides,
  };
}

export function holdFor(hold: Hold): Hold {
  saveHold(hold);
  return hold;
}

export function forgetHolds(): void {
  clearHold('BUS');
  clearHold('LAUNCH');
  window.sessionStorage.clear();
}

export const busBooking: BusBooking = {
  _id: 'booking-1',
  tnxId: TNX,
  status: 'pending',
  amount: 2400,
  invoice: {
    companyId: 'op-green-line',
    tripDateTime: '2030-01-02T04:30:00.000Z',
    boardingDateTime: '2030-01-02T04:30:00.000Z',
    coachType: 'ac',
    seats: ['A1', 'A2'],
    subTotal: 2400,
    discount: 0,
    promo: null as unknown as undefined,
  },
  paymentGateways: ['sandbox'],
};

export const launchBooking: LaunchBooking = {
  _id: 'booking-2',
  tnxId: LAUNCH_TNX,
  status: 'pending',
  amount: 7554,
  serviceCharge: 40,
  paymentGatewayCommission: 114,
  invoice: {
    trip: 'mv-adventure',
    shipId: 'mv-adventure-9',
    companyId: 'op-adventure',
    seatNo: ['C101', 'C102'],
    subTotal: 7400,
    discount: 0,
  },
  paymentGateways: ['sandbox'],
};

export function ticket(service: Service = 'BUS'): Ticket {
  return {
    _id: 'ticket-1',
    pnr: 'PNR7K2Q9',
    tnxId: service === 'BUS' ? TNX : LAUNCH_TNX,
    service,
    companyName: 'Green Line Paribahan',
    vehicle: 'GL-101 (Business Class)',
    from: 'Dhaka',
    to: 'Chattogram',
    departureDateTime: '2030-01-02T04:30:00.000Z',
    boardingPoint: 'Arambagh',
    droppingPoint: 'GEC Circle',
    seats: ['A1', 'A2'],
    passengerName: 'Rahim Uddin',
    phone: '01712345678',
    fareLines: [
      { label: 'Fare', amount: 2400 },
      { label: 'Discount', amount: -100 },
    ],
    paymentHistory: { ticketStatus: 'confirmed', paidAmount: 2300, gateway: 'sandbox' },
  };
}

/** The bus booking calls answered as the demo server would for a fresh booking. */
export function answerBusBooking(booking: BusBooking = busBooking): void {
  answer('payment-pending', 'BUS', booking);
  answer('get-booking-info-by-txn-id', 'BUS', booking);
}

export function answerLaunchBooking(booking: LaunchBooking = launchBooking): void {
  answer('passenger-details-payment', 'LAUNCH', booking);
  answer('get-booking-info-by-txn-id', 'LAUNCH', booking);
}
