import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

/** The ticket history page's phone field, with the real core (wasm) behind it. */
async function renderHome() {
  const { user } = await renderRoute('/bus/find-ticket');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ticket history');
  return { user, input: screen.getByLabelText('Mobile number') };
}

describe('ticket history phone field', () => {
  it('keeps an international number normalised when it arrives at once (paste, autofill)', async () => {
    const { user, input } = await renderHome();
    await user.click(input);
    await user.paste('+880 1712-345678');
    expect(input).toHaveValue('01712345678');
  });

  // The core keeps a `880...` number whole until its 13th digit, so typing the country code key
  // by key ends in the local number.
  it('keeps an international number normalised as it is typed key by key', async () => {
    const { user, input } = await renderHome();
    await user.type(input, '+880 1712-345678');
    expect(input).toHaveValue('01712345678');
  });

  it('keeps only digits as they are typed', async () => {
    const { user, input } = await renderHome();
    await user.type(input, '017-1234 5678');
    expect(input).toHaveValue('01712345678');
    await user.type(input, '9');
    expect(input).toHaveValue('01712345678');
  });

  it('shows the core message for an invalid number after blur, not before', async () => {
    const { user, input } = await renderHome();
    await user.type(input, '01212345678');
    expect(screen.queryByText('Enter a valid number')).not.toBeInTheDocument();

    await user.tab();
    expect(screen.getByText('Enter a valid number')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid number');
  });

  it('shows the length message on submit and clears it once the number is valid', async () => {
    const { user, input } = await renderHome();
    await user.type(input, '0171');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Phone number must be 11 digits')).toBeInTheDocument();

    await user.type(input, '2345678');
    expect(input).toHaveValue('01712345678');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks for the number when submitted empty', async () => {
    const { user } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
  });
});
