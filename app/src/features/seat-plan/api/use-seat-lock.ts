import type { Service } from 'core-wasm';
import { useNavigate } from 'react-router';
import { failureStatus, useApi } from '@/api/api-client';
import { useIntent } from '@/api/use-intent';
import { useMutation } from '@/api/use-mutation';
import { lockSeats, takenSeats, type LockChoice } from '@/features/seat-plan/api/seat-lock';

/** Where the traveller goes once the seats are held (the payment pages read the hold). */
export const AFTER_LOCK: Record<Service, string> = {
  BUS: '/bus/payment',
  LAUNCH: '/launch/payment/passenger-details',
};

interface Handlers {
  /** Seats someone else took meanwhile (named by the 409): mark them booked in place. */
  onTaken: (seats: string[]) => void;
  /** A conflict that names no seats: ask for the plan again. */
  onConflict: () => void;
}

/**
 * Holds the chosen seats and moves on to payment. A failure shows the server's message as a
 * toast (SPEC §8); a 409 also turns the taken seats booked where the traveller sees them.
 */
export function useSeatLock(service: Service, { onTaken, onConflict }: Handlers) {
  const api = useApi();
  // Continue tapped again for the same seats while the first hold has no answer is the same
  // hold (use-intent.ts).
  const intent = useIntent();
  const navigate = useNavigate();
  const locking = useMutation((choice: LockChoice) =>
    lockSeats(service, choice, (request) => intent.send(request, (body, options) => api.call('seat-lock', service, body, options))),
  );

  async function lock(choice: LockChoice) {
    if (locking.pending) return;
    const outcome = await locking.run(choice);
    if (outcome.ok) {
      navigate(AFTER_LOCK[service]);
    } else if (failureStatus(outcome.error) === 409) {
      const taken = takenSeats(outcome.error);
      if (taken) onTaken(taken);
      else onConflict();
    }
  }

  return { lock, locking: locking.pending };
}
