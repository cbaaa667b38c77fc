import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';

const services = () => screen.getByRole('navigation', { name: 'Services' });
const selected = () => within(services()).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');

describe('header', () => {
  it.each([
    ['/', 'BUS'],
    ['/bus/trip', 'BUS'],
    ['/bus/operator', 'BUS'],
    ['/launch', 'LAUNCH'],
    ['/launch/trip?from=dhaka&to=barishal&journeyDate=2030-01-01', 'LAUNCH'],
    ['/launch/popular-route', 'LAUNCH'],
  ])('on %s the %s tab is selected', async (path, tab) => {
    await renderRoute(path);
    expect(selected().map((link) => link.textContent)).toEqual([tab]);
  });

  it('tabs go to /bus and /launch, and the selection follows', async () => {
    const { user, router } = await renderRoute('/bus');
    expect(within(services()).getByRole('link', { name: 'LAUNCH' })).toHaveAttribute('href', '/launch');
    await user.click(within(services()).getByRole('link', { name: 'LAUNCH' }));
    expect(router.state.location.pathname).toBe('/launch');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy launch tickets' })).toBeInTheDocument();
    expect(selected().map((link) => link.textContent)).toEqual(['LAUNCH']);
  });

  it('the desktop sub-header has the helpline, Full bus reserve (bus only) and History', async () => {
    await renderRoute('/bus/operator');
    const sub = screen.getByTestId('sub-header');
    expect(within(sub).getByRole('link', { name: /Helpline 16374/ })).toHaveAttribute('href', 'tel:16374');
    expect(within(sub).getByRole('button', { name: 'Full bus reserve' })).toBeInTheDocument();
    expect(within(sub).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/bus/find-ticket');
  });

  it('for launch the sub-header has no Full bus reserve and History goes to the launch history', async () => {
    await renderRoute('/launch');
    const sub = screen.getByTestId('sub-header');
    expect(within(sub).queryByRole('button', { name: 'Full bus reserve' })).not.toBeInTheDocument();
    expect(within(sub).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/launch/find-ticket');
  });

  it('the top bar links Rental (another site), Bus, Launch and the support phone', async () => {
    await renderRoute('/bus');
    const top = screen.getByRole('navigation', { name: 'Our services' });
    expect(within(top).getByRole('link', { name: /^Rental/ })).toHaveAttribute('href', 'https://rental.example.com');
    expect(within(top).getByRole('link', { name: /^Rental/ })).toHaveAttribute('target', '_blank');
    expect(within(top).getByRole('link', { name: 'Bus' })).toHaveAttribute('href', '/bus');
    expect(within(top).getByRole('link', { name: 'Launch' })).toHaveAttribute('href', '/launch');
    expect(within(top).getByRole('link', { name: 'Support 16374' })).toHaveAttribute('href', 'tel:16374');
  });

  it('has no Rental link when the config has none', async () => {
    await renderRoute('/bus', { config: { rentalUrl: null } });
    expect(screen.queryByRole('link', { name: /^Rental/ })).not.toBeInTheDocument();
  });

  it('the bus menu lists History, Full bus reserve and the helpline, and locks scrolling', async () => {
    const { user } = await renderRoute('/bus');
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    // The menu's code loads when it is first opened (header.tsx).
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(document.body).toHaveClass('scroll-locked');
    expect(within(menu).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/bus/find-ticket');
    expect(within(menu).getByRole('link', { name: 'Saved tickets' })).toHaveAttribute('href', '/bus/saved-tickets');
    expect(within(menu).getByRole('button', { name: 'Full bus reserve' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /Helpline 16374/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('scroll-locked');
    expect(burger).toHaveFocus();
  });

  it('the launch menu lists only History, the saved tickets and the helpline', async () => {
    const { user } = await renderRoute('/launch');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/launch/find-ticket');
    expect(within(menu).getByRole('link', { name: 'Saved tickets' })).toHaveAttribute('href', '/launch/saved-tickets');
    expect(within(menu).queryByRole('button', { name: 'Full bus reserve' })).not.toBeInTheDocument();
    expect(within(menu).getAllByRole('link')).toHaveLength(3);
  });

  it("the menu's History link goes there and closes the menu", async () => {
    const { user, router } = await renderRoute('/bus');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'History' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket history' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bus/find-ticket');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it("Full bus reserve opens the reservation form; a failed submit marks the core's invalid fields", async () => {
    const { user } = await renderRoute('/bus');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Full bus reserve' }));
    const form = await screen.findByRole('dialog', { name: 'Full bus reserve' });
    await waitFor(() => expect(document.body).toHaveClass('scroll-locked'));
    await user.click(within(form).getByRole('button', { name: 'Submit request' }));
    expect(within(form).getByLabelText('Boarding place')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Contact name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Comment (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    // Number inputs keep digits only (SPEC §5).
    await user.type(within(form).getByLabelText('Number of buses'), '2a0');
    expect(within(form).getByLabelText('Number of buses')).toHaveValue('20');
  });

  it('a theme sets the brand name and logo', async () => {
    await renderRoute('/bus', { config: { theme: 'hanif' } });
    const home = screen.getByRole('link', { name: 'Hanif Enterprise home' });
    expect(home.querySelector('img')).toHaveAttribute('src', '/logos/hanif.svg');
    expect(document.documentElement.dataset.theme).toBe('hanif');
  });

  describe("an operator's own site offers only the services the operator sells", () => {
    const topBar = () => screen.getByRole('navigation', { name: 'Our services' });

    it('Hanif runs no launches (the launch operator list does not name it): no LAUNCH tab, link or footer entry', async () => {
      answer('operators', 'LAUNCH', { operators: [{ _id: 'op-sundarban', title: 'Sundarban Navigation' }] });
      await renderRoute('/bus/policies', { config: { theme: 'hanif' } });
      await waitFor(() => expect(sent('operators', 'LAUNCH')).toHaveLength(1));
      await act(async () => {});
      expect(within(services()).getAllByRole('link').map((link) => link.textContent)).toEqual(['BUS']);
      expect(within(topBar()).queryByRole('link', { name: 'Launch' })).not.toBeInTheDocument();
      expect(within(topBar()).getByRole('link', { name: 'Bus' })).toBeInTheDocument();
      expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Launch ticketing' })).not.toBeInTheDocument();
    });

    it('an operator the launch list names keeps its LAUNCH tab', async () => {
      answer('operators', 'LAUNCH', { operators: [{ _id: 'op-hanif', title: 'Hanif Enterprise' }] });
      await renderRoute('/bus/policies', { config: { theme: 'hanif' } });
      expect(await within(services()).findByRole('link', { name: 'LAUNCH' })).toHaveAttribute('href', '/launch');
    });

    it('a site for all operators offers both without asking', async () => {
      await renderRoute('/bus/policies');
      expect(within(services()).getAllByRole('link').map((link) => link.textContent)).toEqual(['BUS', 'LAUNCH']);
      expect(sent('operators')).toHaveLength(0);
    });
  });
});
