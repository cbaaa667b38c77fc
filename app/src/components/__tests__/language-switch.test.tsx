import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes, loadPagesAt } from '@/app/routes';
import { MobileAppProvider } from '@/lib/site-context';
import { LanguageRoot } from '@/components/language-switch';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';
import { setLanguageForTests } from '@/i18n/language';
import { RouterSpy, TestRouter, testConfig } from '@/test/render-route';

afterEach(() => {
  setLanguageForTests('en', false);
  window.localStorage.clear();
});

/** The app's routes under the language root, as app.tsx draws them. */
async function renderApp(path: string) {
  const router = new TestRouter();
  const user = userEvent.setup();
  await loadPagesAt(path);
  await act(async () => {
    render(
      <RuntimeConfigProvider config={Promise.resolve(testConfig)}>
        <MobileAppProvider isMobileApp={false}>
          <MemoryRouter initialEntries={[path]}>
            <LanguageRoot>
              <AppRoutes />
            </LanguageRoot>
            <RouterSpy router={router} />
          </MemoryRouter>
        </MobileAppProvider>
      </RuntimeConfigProvider>,
    );
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { router, user };
}

describe('the language switch', () => {
  it('shows the page in Bangla in one tap, remembers it, and goes back to English exactly', async () => {
    const { user, router } = await renderApp('/bus');
    expect(screen.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    const toBangla = within(header).getByRole('button', { name: 'বাংলা' });
    // Named in its own language, for screen readers too.
    expect(toBangla).toHaveAttribute('lang', 'bn');

    await user.click(toBangla);
    expect(await screen.findByRole('heading', { level: 1, name: 'বাসের টিকিট কিনুন' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(window.localStorage.getItem('lang')).toBe('bn');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'আগের টিকিট' })).toBeInTheDocument();
    // The helpline in Bengali digits; the page stays where it was.
    expect(screen.getAllByTestId('helpline')[0]).toHaveTextContent('১৬৩৭৪');
    expect(router.state.location.pathname).toBe('/bus');

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(screen.getAllByTestId('helpline')[0]).toHaveTextContent('16374');
  });

  it('is in the phone menu too', async () => {
    const { user } = await renderApp('/launch');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'লঞ্চের টিকিট কিনুন' })).toBeInTheDocument();
  });
});
