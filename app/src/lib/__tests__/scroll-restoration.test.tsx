import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetScrollRestorationForTests, SCROLL_POSITIONS_KEY, useScrollRestoration } from '@/lib/scroll-restoration';
import { RouterSpy, TestRouter } from '@/test/render-route';

/** Where the window is scrolled to: jsdom keeps no position of its own. */
let y = 0;
const scrollTo = vi.fn((_x: number, top: number) => {
  y = top;
});

/** The traveller scrolls the page to `top`. */
function scrollBy(top: number) {
  y = top;
  window.dispatchEvent(new Event('scroll'));
}

function Page() {
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <main>
      <h1>{pathname}</h1>
      <p id="part">A part of the page</p>
    </main>
  );
}

async function open(entry: InitialEntry) {
  const router = new TestRouter();
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[entry]}>
        <Page />
        <RouterSpy router={router} />
      </MemoryRouter>,
    );
  });
  return router;
}

/** The page is left and loaded again (a reload, or a return from the payment gateway). */
async function loadAgain(entry: InitialEntry) {
  window.dispatchEvent(new Event('pagehide'));
  cleanup();
  resetScrollRestorationForTests();
  scrollTo.mockClear();
  y = 0;
  return open(entry);
}

beforeEach(() => {
  y = 0;
  scrollTo.mockClear();
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

describe('scroll restoration', () => {
  it('a new page opens at its top; back and forward return to where each page was', async () => {
    const router = await open('/bus/trip?from=dhaka');
    scrollBy(700);
    await router.navigate('/bus/trip/t1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('/bus/trip/t1');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(250);

    await router.navigate(-1);
    expect(router.state.historyAction).toBe('POP');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
    await router.navigate(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 250);
  });

  it('a page never scrolled is found at its top on the way back', async () => {
    const router = await open('/bus');
    await router.navigate('/bus/trip');
    scrollBy(900);
    await router.navigate(-1);
    expect(y).toBe(0);
  });

  it('a link to a #fragment leaves the page to scroll to it (useShellEffects), not to the top', async () => {
    const router = await open('/bus');
    scrollBy(300);
    await router.navigate('/bus/policies#part');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('the entry a page load starts on is filed under its URL: a reload finds its place, another page after a load its top', async () => {
    await open('/bus/trip?from=dhaka');
    scrollBy(1200);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}')).toEqual({ 'url:/bus/trip?from=dhaka': 1200 });

    await loadAgain('/bus/trip?from=dhaka');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);

    // The gateway sends the traveller to a new page of the tab: not the first page's place.
    await loadAgain('/bus/payment/success?tnxId=1');
    expect(scrollTo).not.toHaveBeenCalledWith(0, 1200);
    expect(y).toBe(0);
  });

  it('a reload of a page reached by a link finds its place by the entry’s key', async () => {
    const router = await open('/bus');
    await router.navigate('/bus/trip');
    scrollBy(480);
    const { key } = router.state.location;
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}')).toMatchObject({ [key]: 480 });

    // The browser keeps the entry's key (history.state) across the reload.
    const again = await loadAgain({ pathname: '/bus/trip', key });
    expect(again.state.location.key).toBe(key);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
  });

  it('keeps the browser from restoring on its own while the app runs, and lets it while the page is away', async () => {
    await open('/bus');
    expect(window.history.scrollRestoration).toBe('manual');
    window.dispatchEvent(new Event('pagehide'));
    expect(window.history.scrollRestoration).toBe('auto');
    cleanup();
  });
});
