/** Seat views shaped like the demo API's answers (ticket-api/src/seat_view.rs). */
import type { BusSeat, BusSeatPlan, ClassPlan, FareEntry, LaunchCell, LaunchSeatPlan } from 'core-wasm/booking';

export const BUS_TRIP = 'gl-2230';
export const busSeatsPath = `/bus/trip/${BUS_TRIP}?from=dhaka&to=chattogram&journeyDate=2030-01-01&coachType=all`;
export const LAUNCH_TRIP = 'mv-adventure';
export const launchSeatsPath = `/launch/trip/${LAUNCH_TRIP}?from=dhaka&to=barishal&journeyDate=2030-01-01`;

export const BUS_VIEW = ['get-seat-view', 'BUS'] as const;
export const BUS_LOCK = ['seat-lock', 'BUS'] as const;
export const LAUNCH_VIEW = ['get-seat-view', 'LAUNCH'] as const;
export const LAUNCH_LOCK = ['seat-lock', 'LAUNCH'] as const;

export function seat(seatNo: string, row: number, col: number, more: Partial<BusSeat> = {}): BusSeat {
  return { seatNo, status: 'available', fare: 1200, isLadies: false, row, col, ...more };
}

const points = {
  bordingPoints: [
    // Wire times: Dhaka clock + 6 h (22:30 in Dhaka is 04:30Z the next day).
    { _id: 'arambagh', name: 'Arambagh', time: '2030-01-02T04:30:00.000Z' },
    { _id: 'sayedabad', name: 'Sayedabad Bus Terminal', time: '2030-01-02T04:55:00.000Z' },
  ],
  droppingPoints: [
    { _id: 'cumilla', name: 'Cumilla Cantonment', time: '2030-01-02T07:00:00.000Z' },
    { _id: 'gec', name: 'GEC Circle', time: '2030-01-02T10:00:00.000Z' },
  ],
};

/** One deck, 2 + 1 with an aisle in column 1: A1 ladies, A3 booked, B1 locked, B2 blocked. */
export function singleDeck(): BusSeatPlan {
  return {
    seatList: [
      seat('A1', 0, 0, { isLadies: true }),
      seat('A2', 0, 2),
      seat('A3', 0, 3, { status: 'booked' }),
      seat('B1', 1, 0, { status: 'locked' }),
      seat('B2', 1, 2, { status: 'blocked' }),
      seat('B3', 1, 3),
      seat('C1', 2, 0),
      seat('C2', 2, 2),
      seat('C3', 2, 3),
    ],
    ...points,
  };
}

/** A sleeper: lower deck L1-L2, upper deck U1-U2, dearer below. */
export function twoDecks(): BusSeatPlan {
  return {
    lowerDeckSeatList: [seat('L1', 0, 0, { fare: 1570 }), seat('L2', 0, 2, { fare: 1570, status: 'booked' })],
    upperDeckSeatList: [seat('U1', 0, 0, { fare: 1390 }), seat('U2', 0, 2, { fare: 1390 })],
    ...points,
  };
}

function entries(short: number, long: number, overrides: Partial<Record<string, FareEntry['status']>> = {}): FareEntry[] {
  const list: FareEntry[] = [];
  for (const b of ['Arambagh', 'Sayedabad Bus Terminal']) {
    list.push({ boardingPoint: b, droppingPoint: 'Cumilla Cantonment', fare: short, status: overrides[`${b}>Cumilla Cantonment`] ?? 'available' });
    list.push({ boardingPoint: b, droppingPoint: 'GEC Circle', fare: long, status: overrides[`${b}>GEC Circle`] ?? 'available' });
  }
  return list;
}

/**
 * Fares per boarding/dropping pair: Dhaka -> Cumilla 480 TK, Dhaka -> Chattogram 1,210 TK.
 * A2 is sold on to Chattogram, but still free as far as Cumilla.
 */
export function perPair(): BusSeatPlan {
  return {
    seatList: [
      seat('A1', 0, 0, { fare: 1210, fareList: entries(480, 1210) }),
      seat('A2', 0, 2, { fare: 1210, fareList: entries(480, 1210, { 'Arambagh>GEC Circle': 'booked', 'Sayedabad Bus Terminal>GEC Circle': 'booked' }) }),
    ],
    ...points,
  };
}

export function lockAnswer(seats: string[]) {
  return { tripId: BUS_TRIP, seats, expiresAt: '2030-01-02T04:40:00.000Z', holdSeconds: 600 };
}

const cell = (seatNo: string | null, available = true, fare?: number): LaunchCell =>
  seatNo === null ? { available: false } : { seatNo, available, ...(fare === undefined ? {} : { fare }) };

function cls(classId: string, className: string, floorId: string, floorName: string, fare: number, seats: LaunchCell[][]): ClassPlan {
  return { classId, className, floorId, floorName, fare, seats };
}

/** Deck and chairs on the first floor (an aisle gap in each row), cabins on the second. */
export function launchPlan(): LaunchSeatPlan {
  return {
    ClassWiseSeatPlan: [
      cls('deck', 'Deck', 'floor-1', 'First floor', 370, [
        [cell('D-01'), cell('D-02', false), cell(null), cell('D-03')],
        [cell('D-04'), cell('D-05'), cell(null), cell('D-06')],
      ]),
      cls('chair', 'Chair', 'floor-1', 'First floor', 500, [[cell('S_CHAIR-A1'), cell(null), cell('S_CHAIR-A2')]]),
      cls('single', 'Single cabin', 'floor-2', 'Second floor', 1380, [[cell('201'), cell('202', false), cell('203', true, 1500)]]),
      cls('vip', 'VIP cabin', 'floor-2', 'Second floor', 7380, [[cell('301'), cell('302')]]),
    ],
  };
}
