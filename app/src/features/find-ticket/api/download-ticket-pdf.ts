/**
 * `download-ticket-pdf/{id}` (SPEC §7, bus): the e-ticket as a PDF file.
 *
 * The core's client answers JSON envelopes only, so the PDF is fetched here with the same
 * bearer token the client keeps in the `token` cookie. Without a token, or when the API says the
 * token has expired (401), one JSON call through the client gets a fresh token first (the client
 * re-authenticates on its own), then the download is tried once more.
 */
import { toastMessage, type ErrorBody, type Service } from 'core-wasm';
import { apiGet, failureText } from '@/api/api-client';
import { apiSegment } from '@/api/content';

const TOKEN_COOKIE = 'token';

function storedToken(): string | null {
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === TOKEN_COOKIE && value.join('=') !== '') return value.join('=');
  }
  return null;
}

/** Makes the core's client fetch a token: forget the stale one, then make a cheap call. */
async function freshToken(base: string, service: Service): Promise<string | null> {
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
  await apiGet(base, `/v1/api/${apiSegment(service)}/get-head-line`);
  return storedToken();
}

/** A failed download; its message is the text to show (the core's toast for the API's answer). */
export class DownloadFailure extends Error {}

/** The text to show for a failed download. */
export function downloadFailureText(error: unknown): string {
  return error instanceof DownloadFailure ? error.message : failureText(error);
}

async function fetchPdf(base: string, path: string, token: string | null): Promise<Response> {
  return fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** The ticket's PDF. */
export async function fetchTicketPdf(base: string, service: Service, ticketId: string): Promise<Blob> {
  const path = `/v1/api/${apiSegment(service)}/download-ticket-pdf/${encodeURIComponent(ticketId)}`;
  let token = storedToken() ?? (await freshToken(base, service));
  let response = await fetchPdf(base, path, token);
  if (response.status === 401) {
    token = await freshToken(base, service);
    response = await fetchPdf(base, path, token);
  }
  if (!response.ok) {
    let body: ErrorBody | null = null;
    try {
      body = (await response.json()) as ErrorBody;
    } catch {
      // not JSON: the core's fallback text is shown
    }
    throw new DownloadFailure(toastMessage(body, false));
  }
  return response.blob();
}

/** Saves the ticket's PDF as `ticket-PNR.pdf` through the browser's download. */
export async function downloadTicketPdf(base: string, service: Service, ticketId: string, pnr: string): Promise<void> {
  const blob = await fetchTicketPdf(base, service, ticketId);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `ticket-${pnr}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the bytes are freed.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
