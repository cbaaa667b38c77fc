import { toastMessage, type ErrorBody, type Service, type Ticket } from 'core-wasm';
import { apiPost, failureText } from '@/api/api-client';
import { apiGetFile } from '@/api/api-file';
import { apiSegment } from '@/api/content';
import { useMutation } from '@/api/use-mutation';
import { useResource } from '@/api/use-resource';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { newIdempotencyKey } from '@/lib/identity';

/**
 * `confirm-ticket` (SPEC §7): the ticket of a paid booking. The server issued it when it
 * validated the gateway's outcome; asking again (a reload of the success page) finds the same
 * ticket, never a second one.
 */
export function confirmTicket(base: string, service: Service, tnxId: string): Promise<Ticket> {
  return apiPost(base, `/v1/api/${apiSegment(service)}/confirm-ticket`, { tnxId }, newIdempotencyKey());
}

/** The ticket of `tnxId`, asked for each time the success page opens; none without a tnxId. */
export function useConfirmedTicket(service: Service, tnxId: string | null) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useResource<Ticket>(tnxId ? `ticket:${service}:${tnxId}` : null, () => confirmTicket(ticketApiUrl, service, tnxId ?? ''), {
    onMount: 'always',
  });
}

/** The file name the server gives (Content-Disposition), else one from the PNR. */
function fileName(response: Response, ticket: Ticket): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return named ?? `ticket-${ticket.pnr ?? ticket._id}.pdf`;
}

/**
 * `download-ticket-pdf/{id}` (SPEC §7): the e-ticket as a PDF, saved through a Blob link. A file,
 * not JSON: fetched with `apiGetFile` (the client's token, renewed by the client through the
 * service's headline call). Rejects with an Error whose message is the text to show.
 */
export async function downloadTicketPdf(base: string, service: Service, ticket: Ticket): Promise<void> {
  const segment = apiSegment(service);
  const response = await apiGetFile(
    base,
    `/v1/api/${segment}/download-ticket-pdf/${encodeURIComponent(ticket._id)}`,
    `/v1/api/${segment}/get-head-line`,
  );
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

/** The PDF download of the success page and of the ticket history. */
export function useTicketDownload(service: Service) {
  const { ticketApiUrl } = useRuntimeConfig();
  return useMutation((ticket: Ticket) => downloadTicketPdf(ticketApiUrl, service, ticket), {
    // It rejects with the text to show; anything else gets the core's fallback.
    failureToast: (error) => (error instanceof Error && error.message ? error.message : failureText(error)),
  });
}
