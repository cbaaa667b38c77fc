import { encode } from 'uqr';
import { t } from '@/i18n/messages';

/** Modules of white margin; the QR standard asks for four (the PDF's has four too). */
const QUIET_ZONE = 4;

/**
 * The ticket's QR code drawn on the device: the same content as the PDF's (the signed boarding
 * code a supervisor's phone verifies offline, or the PNR for a ticket without one;
 * ticket-api/src/pdf/layout.rs) at the same error correction (M, pdf/qr.rs), so a checker's
 * scanner reads the phone's screen and the printout alike. One SVG path, dark modules only,
 * drawn crisp at any size (shape-rendering) and black on white whatever the theme.
 */
export function TicketQr({ pnr, code, size = 200 }: { pnr: string; code?: string | null; size?: number }) {
  const symbol = encode(code || pnr, { ecc: 'M', border: QUIET_ZONE });
  let path = '';
  symbol.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="ticket-qr"
      role="img"
      aria-label={t('saved.qr', { pnr })}
      viewBox={`0 0 ${symbol.size} ${symbol.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid="ticket-qr"
    >
      <rect width={symbol.size} height={symbol.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
