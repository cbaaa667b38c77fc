/**
 * Ticket management calls (SPEC §7 "Ticket management"), through the core's client. Bodies are
 * the core's contract types (core-wasm/src/contract/tickets.rs).
 */
import type {
  CancelTicketRequest,
  CancelTicketResponse,
  SearchTicketRequest,
  SearchTicketResponse,
  SendOtpByPhoneRequest,
  SendOtpRequest,
  SendOtpResponse,
  Service,
} from 'core-wasm/booking';
import { useApi, type Api } from '@/api/api-client';
import { useIntent } from '@/api/use-intent';
import { useMutation } from '@/api/use-mutation';

/** `common/send-otp-by-phone`: a code to find the phone's tickets. */
export function sendSearchOtp(api: Api, phone: string): Promise<SendOtpResponse> {
  const request: SendOtpByPhoneRequest = { phone };
  return api.call('send-otp-by-phone', 'COMMON', request);
}

/** `{service}/search-ticket`: pnr and transactionId are sent empty (SPEC §3); the core's client adds the visitor's anonymousId. */
function searchTickets(api: Api, service: Service, phone: string, otpCode: string): Promise<SearchTicketResponse> {
  const request: SearchTicketRequest = { otpCode, phone, pnr: '', transactionId: '' };
  return api.call('search-ticket', service, request);
}

/** `common/send-otp`: a code to cancel the ticket, sent to the ticket's own phone. */
export function sendCancelOtp(api: Api, service: Service, ticketId: string): Promise<SendOtpResponse> {
  const request: SendOtpRequest = { ticketId, service };
  return api.call('send-otp', 'COMMON', request);
}

export function useSendSearchOtp() {
  const api = useApi();
  return useMutation((phone: string) => sendSearchOtp(api, phone));
}

/** The search with a code; a failure is the page's to show (under the code, or as 'not found'). */
export function useSearchTickets(service: Service) {
  const api = useApi();
  return useMutation((phone: string, otpCode: string) => searchTickets(api, service, phone, otpCode), {
    failureToast: () => null,
  });
}

/** A cancel code for a ticket of `service`, or of the service given with the ticket (a list of both). */
export function useSendCancelOtp(service?: Service) {
  const api = useApi();
  return useMutation((ticketId: string, of: Service = service ?? 'BUS') => sendCancelOtp(api, of, ticketId));
}

/**
 * `{service}/cancel-ticket`, with a code; a failure is the page's to show (under the code, or as
 * a toast). The same code sent again while the first try has no answer is the same cancellation
 * (use-intent.ts): never two refunds, and no "already cancelled" for a cancel that did happen. A
 * try with another code after a refusal is a new one. The service is `service`, or the one given
 * with the request (a list of both services' tickets).
 */
export function useCancelTicket(service?: Service) {
  const api = useApi();
  const intent = useIntent();
  return useMutation(
    (request: CancelTicketRequest, of: Service = service ?? 'BUS'): Promise<CancelTicketResponse> =>
      intent.send(request, (body, options) => api.call('cancel-ticket', of, body, options)),
    { failureToast: () => null },
  );
}
