/**
 * The QR code drawn on the device reads as the PDF's: the boarding code, or the PNR alone for a
 * ticket without one (ticket-api's pdf/layout.rs), decoded here by a real QR reader (jsQR) from
 * the drawn modules.
 */
import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { TicketQr } from '@/features/saved-tickets/components/ticket-qr';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first signing vector's code (tests/vectors/boarding.sign.json): a real boarding code. */
const signed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../tests/vectors/boarding.sign.json');
const boardingCode = (JSON.parse(readFileSync(signed, 'utf8')) as { cases: { expected: string }[] }).cases[0]!.expected;

/** The SVG's dark modules (`M{x} {y}h1v1h-1z` each) as an RGBA image, `scale` px a module. */
function rasterize(svg: SVGSVGElement, scale = 6): { data: Uint8ClampedArray; width: number; height: number } {
  const modules = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const size = modules * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * size + Number(x) * scale + dx) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width: size, height: size };
}

describe('TicketQr', () => {
  it.each(['BUS-7K2Q9M', 'LCH-ABC123', 'P1'])('draws a QR code that decodes to the PNR %s, as the PDF encodes it', (pnr) => {
    render(<TicketQr pnr={pnr} />);
    const svg = screen.getByRole('img', { name: `QR code of PNR ${pnr}` }) as unknown as SVGSVGElement;
    const { data, width, height } = rasterize(svg);
    expect(jsQR(data, width, height)?.data).toBe(pnr);
  });

  it('draws the signed boarding code when the ticket has one, as the PDF does', () => {
    const code = boardingCode;
    render(<TicketQr pnr="R4NG4Y6B" code={code} />);
    const svg = screen.getByRole('img', { name: 'QR code of PNR R4NG4Y6B' }) as unknown as SVGSVGElement;
    const { data, width, height } = rasterize(svg);
    expect(jsQR(data, width, height)?.data).toBe(code);
  });

  it('keeps the quiet zone of four modules the QR standard asks for', () => {
    render(<TicketQr pnr="BUS-7K2Q9M" />);
    const path = screen.getByTestId('ticket-qr').querySelector('path')?.getAttribute('d') ?? '';
    const cells = [...path.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...cells.map(([x]) => x as number))).toBe(4);
    expect(Math.min(...cells.map(([, y]) => y as number))).toBe(4);
  });
});
