/**
 * `common/my-tickets` (issue 13): the logged-in traveller's bus and launch tickets, newest first,
 * without an OTP: those they booked logged in and those of the phone they logged in with. The
 * core's client names the user and the visitor; the request carries nothing else.
 */
import type { MyTicketsResponse } from 'core-wasm';
import { useApi } from '@/api/api-client';
import { useResource } from '@/api/use-resource';

/** The login's trips, asked again each time the page opens (a ticket bought or cancelled meanwhile). */
export function useMyTickets(login: string | null) {
  const api = useApi();
  return useResource<MyTicketsResponse>(login ? `my-tickets ${login}` : null, () => api.call('my-tickets', 'COMMON', {}), {
    onMount: 'always',
  });
}
