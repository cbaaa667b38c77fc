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
import { apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { useMutation } from '@/api/use-mutation';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { newIdempotencyKey, visitorId } from '@/lib/identity';

/** `common/send-otp-by-phone`: a code to find the phone's tickets. */
export function sendSearchOtp(base: string, phone: string): Promise<SendOtpResponse> {
  const body: SendOtpByPhoneRequest = { phone };
  return apiPost(base, '/v1/api/common/send-otp-by-phone', body);
}

/** `{service}/search-ticket`: pnr and transactionId are sent empty (SPEC §3), with the visitor's anonymousId. */
export function searchTickets(base: string, service: Service, phone: string, otpCode: string): Promise<SearchTicketResponse> {
  const body: SearchTicketRequest = { otpCode, phone, pnr: '', transactionId: '', anonymousId: visitorId() };
  return apiPost(base, `/v1/api/${apiSegment(service)}/search-ticket`, body);
}

/** `common/send-otp`: a code to cancel the ticket, sent to the ticket's own phone. */
export function sendCancelOtp(base: string, service: Service, ticketId: string): Promise<SendOtpResponse> {
  const body: SendOtpRequest = { ticketId, service };
  return apiPost(base, '/v1/api/common/send-otp', body);
}

/**
 * `{service}/cancel-ticket`. One idempotency key per attempt: the client's retries after a
 * network error reuse it (never two refunds), while a second attempt with another code after a
 * refusal is a new call (the API keeps a key's first answer, refusals included).
 */
export function cancelTicket(base: string, service: Service, request: CancelTicketRequest): Promise<CancelTicketResponse> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/cancel-ticket`, request, newIdempotencyKey());
}

export function useSendSearchOtp() {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((phone: string) => sendSearchOtp(ticketApiUrl, phone));
}

/** The search with a code; a failure is the page's to show (under the code, or as 'not found'). */
export function useSearchTickets(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((phone: string, otpCode: string) => searchTickets(ticketApiUrl, service, phone, otpCode), {
    failureToast: () => null,
  });
}

export function useSendCancelOtp(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((ticketId: string) => sendCancelOtp(ticketApiUrl, service, ticketId));
}

/** The cancel with a code; a failure is the page's to show (under the code, or as a toast). */
export function useCancelTicket(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((request: CancelTicketRequest) => cancelTicket(ticketApiUrl, service, request), {
    failureToast: () => null,
  });
}
