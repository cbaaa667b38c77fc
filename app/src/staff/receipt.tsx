/**
 * A counter ticket as a receipt printer prints it (issue 41): 58 mm or 80 mm wide from the
 * browser's own print (no printer driver of ours), or A4 as the site's e-ticket PDF. The page
 * size is set for the one print and removed after; only the receipt is printed (staff.css).
 * Bangla is shaped by the browser, with the site's Bengali font.
 */
import { useRef } from 'react';
import type { CounterTicket } from 'core-wasm/staff';
import { getFile } from '@/staff/api';
import { currentLang, t } from '@/staff/i18n';

export type PaperWidth = '58mm' | '80mm';

/**
 * Prints `receipt` on paper of `width`: a copy of it goes into a print root at the top of the
 * page (everything else is not printed: staff.css), with a page rule that lives for this print.
 */
export function printOn(width: PaperWidth, receipt: HTMLElement): void {
  document.getElementById('print-root')?.remove();
  const root = document.createElement('div');
  root.id = 'print-root';
  root.dataset.paper = width;
  root.append(receipt.cloneNode(true));
  document.body.append(root);
  // A roll is as long as its receipt: the page is measured at the paper's width (CSS px are
  // 1/96 in), with the 2 mm margins and a little to spare.
  const lengthMm = Math.ceil((root.getBoundingClientRect().height * 25.4) / 96) + 8;
  // A constructed sheet: the site's CSP allows no inline <style>, and the rule is this print's.
  const page = new CSSStyleSheet();
  page.replaceSync(`@page { size: ${width} ${lengthMm}mm; margin: 2mm; }`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, page];
  const done = () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== page);
    root.remove();
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** A4: the site's own e-ticket PDF of the ticket, in the language shown, opened to print. */
async function eTicket(pnr: string): Promise<void> {
  const pdf = await getFile('counter/pdf/{id}', pnr, currentLang());
  const link = document.createElement('a');
  link.href = URL.createObjectURL(pdf);
  link.download = `ticket-${pnr}.pdf`;
  link.click();
  URL.revokeObjectURL(link.href);
}

const taka = (n: number) => `${n.toLocaleString('en-IN')} Tk`;

export function Receipt({ ticket }: { ticket: CounterTicket }) {
  const cancelled = ticket.status !== 'confirmed';
  const paper = useRef<HTMLDivElement>(null);
  const print = (width: PaperWidth) => paper.current && printOn(width, paper.current);
  return (
    <div className="staff-card receipt-card" role="group" aria-labelledby={`receipt-${ticket.pnr}`}>
      <div className="receipt" data-pnr={ticket.pnr} ref={paper}>
        <p className="receipt__operator">{ticket.operatorName}</p>
        <p id={`receipt-${ticket.pnr}`} className="receipt__pnr">
          {t('receipt.pnr')} {ticket.pnr}
        </p>
        {cancelled ? <p className="receipt__cancelled">{t('receipt.cancelled', { refund: taka(ticket.refund ?? 0) })}</p> : null}
        {/* The server's SVG of the PNR: markup from our own QR encoder, no text of anyone's. */}
        <div className="receipt__qr" aria-hidden="true" dangerouslySetInnerHTML={{ __html: ticket.qrSvg }} />
        <dl>
          <dt>{t('receipt.route')}</dt>
          <dd>{ticket.routeName}</dd>
          <dt>{t('receipt.departs')}</dt>
          <dd>{ticket.departs}</dd>
          <dt>{t('receipt.coach')}</dt>
          <dd>{ticket.vehicle}</dd>
          <dt>{t('receipt.seats')}</dt>
          <dd className="receipt__seats">{ticket.seats.join(', ')}</dd>
          {ticket.boardingPoint ? (
            <>
              <dt>{t('receipt.boarding')}</dt>
              <dd>
                {ticket.boardingPoint}
                {ticket.boardingPointBn ? <span lang="bn"> / {ticket.boardingPointBn}</span> : null}
              </dd>
            </>
          ) : null}
          {ticket.passengerName ? (
            <>
              <dt>{t('receipt.passenger')}</dt>
              <dd>{ticket.passengerName}</dd>
            </>
          ) : null}
          <dt>{t('receipt.fare')}</dt>
          <dd>
            {taka(ticket.fare)} ({ticket.method === 'cash' ? t('counter.cash') : `${t('counter.bkash')} ${ticket.reference ?? ''}`})
          </dd>
          <dt>{t('receipt.counter')}</dt>
          <dd>
            {ticket.counterName}, {ticket.seller}
          </dd>
          <dt>{t('receipt.sold')}</dt>
          <dd>{new Date(ticket.soldAt).toLocaleString('en-GB', { timeZone: 'Asia/Dhaka' })}</dd>
        </dl>
      </div>
      <div className="staff-actions receipt__print">
        <button type="button" className="staff-primary" onClick={() => print('58mm')}>
          {t('receipt.print58')}
        </button>
        <button type="button" onClick={() => print('80mm')}>
          {t('receipt.print80')}
        </button>
        <button type="button" onClick={() => void eTicket(ticket.pnr)}>
          {t('receipt.printA4')}
        </button>
      </div>
    </div>
  );
}
