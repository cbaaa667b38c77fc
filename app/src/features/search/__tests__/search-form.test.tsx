import { fireEvent, screen, within } from '@testing-library/react';
import { todayInDhaka } from 'core-wasm';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

async function renderSearch(path = '/bus') {
  const rendered = await renderRoute(path);
  const form = screen.getByRole('search', { name: 'Search trips' });
  return { ...rendered, form, from: within(form).getByRole('combobox', { name: 'From' }), to: within(form).getByRole('combobox', { name: 'To' }) };
}

describe('search form', () => {
  it('offers the displayed city list as the traveller types (the core renames and hides cities)', async () => {
    const { user, form, from } = await renderSearch();
    await user.click(from);
    const list = await within(form).findByRole('listbox', { name: 'From' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Dhaka', 'Chittagong', "Cox's Bazar", 'Barishal', 'Abdullahpur']);
    await user.type(from, 'chi');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Chittagong']);
    expect(from).toHaveAttribute('aria-expanded', 'true');
  });

  it('is driven by the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const { user, from } = await renderSearch();
    await user.click(from);
    await user.type(from, 'a');
    await user.keyboard('{ArrowDown}');
    expect(from).toHaveAttribute('aria-activedescendant', expect.stringContaining('opt-1'));
    await user.keyboard('{Enter}');
    expect(from).toHaveValue('Chittagong');
    expect(from).toHaveAttribute('aria-expanded', 'false');
    await user.clear(from);
    await user.type(from, 'bar');
    await user.keyboard('{Escape}');
    expect(from).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks for both places before searching', async () => {
    const { user, form, router } = await renderSearch();
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual(['This field is required', 'This field is required']);
    expect(router.state.location.pathname).toBe('/bus');
  });

  it('swaps from and to', async () => {
    const { user, form, from, to } = await renderSearch();
    await user.click(from);
    await user.type(from, 'Dhaka');
    await user.tab();
    await user.click(to);
    await user.type(to, 'Barishal');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Swap from and to' }));
    expect(from).toHaveValue('Barishal');
    expect(to).toHaveValue('Dhaka');
  });

  it('starts the date at today in Dhaka, the earliest it allows', async () => {
    const { form } = await renderSearch();
    const date = within(form).getByLabelText('Journey date');
    expect(date).toHaveValue(todayInDhaka());
    expect(date).toHaveAttribute('min', todayInDhaka());
  });

  it('has a coach type for bus', async () => {
    const { form } = await renderSearch('/bus');
    expect(within(form).getByRole('combobox', { name: 'Coach type' })).toHaveValue('all');
  });

  it('has no coach type for launch', async () => {
    const { form } = await renderSearch('/launch');
    expect(within(form).queryByRole('combobox', { name: 'Coach type' })).not.toBeInTheDocument();
  });

  it('searches with the stored city ids in a shareable URL', async () => {
    const { user, form, from, to, router } = await renderSearch();
    await user.click(from);
    await user.type(from, 'Dhaka');
    await user.click(await within(form).findByRole('option', { name: 'Dhaka' }));
    await user.click(to);
    await user.type(to, 'Chittagong');
    await user.tab();
    // jsdom's date input takes no typing; the value is set as a date picker would.
    fireEvent.change(within(form).getByLabelText('Journey date'), { target: { value: '2030-01-01' } });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Coach type' }), 'ac');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dhaka to Chittagong' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bus/trip');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: 'dhaka',
      to: 'chattogram',
      journeyDate: '2030-01-01',
      coachType: 'ac',
    });
  });
});
