/** The content page's images: checked in the browser before any upload, then sent as their bytes. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Content, StaffImage } from 'core-wasm/staff';
import { fileProblem } from '@/staff/image-check';
import { ContentPage } from '@/staff/pages/content';

// A real 1 x 1 PNG (RGBA), 70 bytes.
const PNG = new Uint8Array([
  137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 31, 21, 196, 137, 0, 0, 0, 13, 73, 68, 65, 84, 120, 218, 99, 100, 96, 248, 95,
  15, 0, 2, 135, 1, 128, 235, 71, 186, 146, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
]);
const STORED = `/content/images/${'ab'.repeat(32)}.png`;

const content: Content = {
  banners: [],
  offers: [],
  blogs: [{ code: 'eid-tips', title: 'Eid tips', summary: 'Travel light', image: '/images/eid.png', body: '# Eid', url: '/blog/op-hanif:eid-tips', position: 0, visible: true, operatorId: 'op-hanif', revision: 1 }],
  popularRoutes: [],
};

/** The staff API as the page sees it: every request kept, a few calls answered. */
const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (method === 'GET' && url === '/v1/api/staff/content') return Response.json({ data: content });
  if (method === 'GET' && url === '/v1/api/staff/places') return Response.json({ data: { cities: [], points: [] } });
  if (method === 'POST' && url === '/v1/api/staff/images') {
    const image: StaffImage = { path: STORED, width: 1, height: 1, bytes: PNG.length, contentType: 'image/png' };
    return Response.json({ data: image });
  }
  return new Response('not found', { status: 404 });
});

const uploads = () => server.mock.calls.filter(([input]) => String(input).endsWith('/staff/images'));

beforeEach(() => {
  server.mockClear();
  vi.stubGlobal('fetch', server);
});

/** The page with the banner form open. */
async function bannerForm() {
  render(<ContentPage />);
  const banners = screen.getByRole('region', { name: 'Banners' });
  await userEvent.click(within(banners).getByRole('button', { name: 'New' }));
  return within(banners).getByRole('form', { name: 'Banners' });
}

describe('an image on the content page', () => {
  it('over 1 MB is refused beside its field, and nothing is uploaded', async () => {
    const form = within(await bannerForm());
    const input = form.getByLabelText('Upload an image');
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(await form.findByRole('alert')).toHaveTextContent('This file is 1025 KB: an image may be at most 1 MB (1,024 KB)');
    expect(input).toHaveAccessibleDescription(/at most 1 MB \(1,024 KB\)/);
    expect(uploads()).toHaveLength(0);
    expect(form.getByLabelText('Image path')).toHaveValue('');
  });

  it('a PNG is sent as its own bytes, and its stored path fills the field with a preview', async () => {
    const form = within(await bannerForm());
    const file = new File([PNG], 'dot.png', { type: 'image/png' });
    await userEvent.upload(form.getByLabelText('Upload an image'), file);
    await waitFor(() => expect(form.getByLabelText('Image path')).toHaveValue(STORED));
    expect(uploads()).toHaveLength(1);
    const [, init] = uploads()[0]!;
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
    expect(init?.body).toBe(file);
    expect(form.getByRole('img', { name: 'The image' })).toHaveAttribute('src', STORED);
    expect(form.queryByRole('alert')).toBeNull();
  });

  it('a blog post links to where travellers read it', async () => {
    render(<ContentPage />);
    const blogs = screen.getByRole('region', { name: 'Blog posts' });
    expect(await within(blogs).findByRole('link', { name: '/blog/op-hanif:eid-tips' })).toHaveAttribute('href', '/blog/op-hanif:eid-tips');
  });
});

describe("the browser's image checks, by the core's bounds", () => {
  it('takes PNG, JPEG and WebP up to 1 MB only', () => {
    expect(fileProblem({ type: 'image/png', size: 1024 * 1024 })).toBeNull();
    expect(fileProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(fileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(fileProblem({ type: 'image/png', size: 1024 * 1024 + 1 })).toContain('1025 KB');
    expect(fileProblem({ type: 'image/gif', size: 10 })).toContain('(image/gif)');
    expect(fileProblem({ type: 'image/svg+xml', size: 10 })).not.toBeNull();
  });
});
