import type { Service, Ticket } from 'core-wasm';
import { useApi, type Api } from '@/api/api-client';
import { useMutation } from '@/api/use-mutation';
import { useResource } from '@/api/use-resource';

/**
 * The ticket of `tnxId` (`confirm-ticket`, SPEC §7), asked for each time the success page opens;
 * none without a tnxId. The server issued it when it validated the gateway's outcome; asking
 * again (a reload of the success page) finds the same ticket, never a second one, so each ask
 * takes the core's own fresh Idempotency-Key.
 */
export function useConfirmedTicket(service: Service, tnxId: string | null) {
  const api = useApi();
  return useResource<Ticket>(tnxId ? `ticket:${service}:${tnxId}` : null, () => api.call('confirm-ticket', service, { tnxId: tnxId ?? '' }), {
    onMount: 'always',
  });
}

/**
 * `download-ticket-pdf/{id}` (SPEC §7): the e-ticket as a PDF, through the core's call table
 * (its client sends the token and renews it, as for every call), saved through a Blob link as
 * `ticket-PNR.pdf`, the name the server gives it too.
 */
export async function downloadTicketPdf(api: Api, service: Service, ticket: Ticket, kept: Blob | null = null): Promise<void> {
  // Offline, the copy kept on the phone (issue 14): the same file, made for the same status.
  const blob = kept ?? (await api.call('download-ticket-pdf', service, { id: ticket._id }));
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `ticket-${ticket.pnr ?? ticket._id}.pdf`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving; the object URL can go once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** The PDF download of the success page and of the ticket history (`kept`: the phone's copy). */
export function useTicketDownload(service: Service) {
  const api = useApi();
  return useMutation((ticket: Ticket, kept: Blob | null = null) => downloadTicketPdf(api, service, ticket, kept));
}
