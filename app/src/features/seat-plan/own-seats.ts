import type { BusSeat, BusSeatPlan, LaunchSeatPlan } from 'core-wasm/booking';

/**
 * The seats this tab still held on the trip when the plan opened (the traveller came back from
 * payment to change them). The server shows them held like anyone's, but a new seat-lock
 * replaces the visitor's own hold on the trip, so they are the traveller's to choose again:
 * they are shown free. (Best done by the seat view itself, which knows the visitor: see the
 * report of the seat-plan work.)
 */
function freeBusSeat(seat: BusSeat): BusSeat {
  return {
    ...seat,
    status: seat.status === 'locked' ? 'available' : seat.status,
    fareList: seat.fareList?.map((e) => (e.status === 'locked' ? { ...e, status: 'available' } : e)),
  };
}

export function withOwnBusSeats(plan: BusSeatPlan, own: ReadonlySet<string>): BusSeatPlan {
  if (own.size === 0) return plan;
  const deck = (list: BusSeat[] | undefined) => list?.map((s) => (own.has(s.seatNo) ? freeBusSeat(s) : s));
  return { ...plan, seatList: deck(plan.seatList), upperDeckSeatList: deck(plan.upperDeckSeatList), lowerDeckSeatList: deck(plan.lowerDeckSeatList) };
}

/** Launch cells say only available or not: an own held cell is shown available. */
export function withOwnLaunchSeats(plan: LaunchSeatPlan, own: ReadonlySet<string>): LaunchSeatPlan {
  if (own.size === 0) return plan;
  return {
    ClassWiseSeatPlan: plan.ClassWiseSeatPlan.map((entry) => ({
      ...entry,
      seats: entry.seats.map((row) => row.map((cell) => (cell.seatNo && own.has(cell.seatNo) ? { ...cell, available: true } : cell))),
    })),
  };
}
