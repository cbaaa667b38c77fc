import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

/** The browser's network as the site reads it (navigator.onLine and its events). */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('actions that need the network (issue 14)', () => {
  it("are disabled offline with the reason said beside them and to a screen reader, and work again when it returns", async () => {
    await renderRoute('/bus');
    const form = screen.getByRole('search', { name: 'Search trips' });
    const search = within(form).getByRole('button', { name: 'Search' });
    expect(search).toBeEnabled();
    expect(search).not.toHaveAttribute('aria-describedby');

    setOnline(false);
    expect(search).toBeDisabled();
    const reason = within(form).getByText('You are offline: this needs the network.');
    expect(search).toHaveAccessibleDescription('You are offline: this needs the network.');
    expect(search.getAttribute('aria-describedby')).toBe(reason.id);

    setOnline(true);
    expect(search).toBeEnabled();
    expect(within(form).queryByText('You are offline: this needs the network.')).toBeNull();
  });

  it('send the OTP only online: find-ticket says why its Continue waits', async () => {
    const { user } = await renderRoute('/bus/find-ticket');
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    setOnline(false);
    const send = screen.getByRole('button', { name: 'Continue' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('You are offline: this needs the network.');
    setOnline(true);
    expect(send).toBeEnabled();
  });
});
