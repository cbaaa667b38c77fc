import { toastMessage, type ErrorBody, type Service, type Ticket } from 'core-wasm';
import { apiGet, apiPost } from '@/api/api-client';
import { apiSegment } from '@/api/content';
import { newIdempotencyKey } from '@/features/booking/api/idempotency-key';

/**
 * `confirm-ticket` (SPEC §7): the ticket of a paid booking. The server issued it when it
 * validated the gateway's outcome; asking again (a reload of the success page) finds the same
 * ticket, never a second one.
 */
export function confirmTicket(base: string, service: Service, tnxId: string): Promise<Ticket> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/confirm-ticket`, { tnxId }, newIdempotencyKey());
}

function tokenCookie(): string | null {
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === 'token' && value.join('=')) return value.join('=');
  }
  return null;
}

/**
 * Any call through the core's client, for its side effect: with no token (or an expired one,
 * answered 401) the client fetches a new one into the `token` cookie.
 */
async function renewToken(base: string, service: Service): Promise<void> {
  await apiGet(base, `/v1/api/${apiSegment(service)}/get-head-line`).catch(() => undefined);
}

async function fetchPdf(url: string): Promise<Response> {
  const token = tokenCookie();
  return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** The file name the server gives (Content-Disposition), else one from the PNR. */
function fileName(response: Response, ticket: Ticket): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return named ?? `ticket-${ticket.pnr ?? ticket._id}.pdf`;
}

/**
 * `download-ticket-pdf/{id}` (SPEC §7): the e-ticket as a PDF, saved through a Blob link. The
 * core's client answers JSON only, so this is a plain fetch with the client's bearer token (the
 * `token` cookie, SPEC §7); a missing or expired token is renewed through the client once.
 * Rejects with an Error whose message is the text to show.
 */
export async function downloadTicketPdf(base: string, service: Service, ticket: Ticket): Promise<void> {
  const url = `${base}/v1/api/${apiSegment(service)}/download-ticket-pdf/${encodeURIComponent(ticket._id)}`;
  if (!tokenCookie()) await renewToken(base, service);
  let response = await fetchPdf(url);
  if (response.status === 401) {
    await renewToken(base, service);
    response = await fetchPdf(url);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new Error(toastMessage(body, false));
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName(response, ticket);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving; the object URL can go once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
