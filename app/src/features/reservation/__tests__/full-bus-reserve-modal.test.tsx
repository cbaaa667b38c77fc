import { screen, waitFor, within } from '@testing-library/react';
import { todayInDhaka } from 'core-wasm';
import { describe, expect, it } from 'vitest';
import { answer, FakeApiFailure, sent } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';

/** The bus home with the Full bus reserve form opened from the header. */
async function openForm() {
  const rendered = await renderRoute('/bus');
  await rendered.user.click(screen.getAllByRole('button', { name: 'Full bus reserve' })[0]!);
  const form = await screen.findByRole('dialog', { name: 'Full bus reserve' });
  return { ...rendered, form };
}

type User = Awaited<ReturnType<typeof openForm>>['user'];

/** A day after today in Dhaka, as the date input holds it. */
function dhakaDay(days: number): string {
  const [y, m, d] = todayInDhaka().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

async function fillValid(user: User, form: HTMLElement, phone = '01712345678') {
  const field = (label: string) => within(form).getByLabelText(label);
  await user.type(field('Journey date'), dhakaDay(3));
  await user.selectOptions(field('Bus type'), 'economy-ac');
  await user.type(field('Boarding place'), 'Dhaka, Gabtoli');
  await user.type(field('Dropping place'), "Cox's Bazar");
  await user.type(field('Number of seats'), '40');
  await user.type(field('Number of buses'), '2');
  await user.type(field('Contact name'), 'Rahim Uddin');
  if (phone) await user.type(field('Mobile number'), phone);
  await user.type(field('Approximate budget (TK)'), '90000');
}

const submits = () => sent('bus-reservation', 'BUS');

describe('Full bus reserve', () => {
  it('offers journey dates from today in Dhaka, and bus types with any as the default', async () => {
    const { form } = await openForm();
    expect(within(form).getByLabelText('Journey date')).toHaveAttribute('min', todayInDhaka());
    expect(within(form).getByLabelText('Return date (optional)')).toHaveAttribute('min', todayInDhaka());
    expect(within(form).getByLabelText('Bus type')).toHaveValue('any');
    expect(within(within(form).getByLabelText('Bus type')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Any',
      'Non AC',
      'Economy AC',
      'Business class',
      'Sleeper',
    ]);
  });

  it('a failed submit gives the invalid fields a red border, no message text, and sends nothing', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Contact name'), 'Rahim');
    await user.click(within(form).getByRole('button', { name: 'Submit request' }));

    for (const label of ['Journey date', 'Boarding place', 'Dropping place', 'Number of seats', 'Number of buses', 'Mobile number', 'Approximate budget (TK)']) {
      expect(within(form).getByLabelText(label), label).toHaveAttribute('aria-invalid', 'true');
    }
    for (const label of ['Contact name', 'Return date (optional)', 'Preferred bus (optional)', 'E-mail (optional)']) {
      expect(within(form).getByLabelText(label), label).toHaveAttribute('aria-invalid', 'false');
    }
    // The first highlighted field is where the traveller lands.
    expect(within(form).getByLabelText('Journey date')).toHaveFocus();
    expect(within(form).queryByText('This field is required')).not.toBeInTheDocument();
    expect(submits()).toHaveLength(0);
  });

  it('a bad mobile number or e-mail is highlighted; correcting it clears the border', async () => {
    const { user, form } = await openForm();
    await fillValid(user, form, '01212345678');
    await user.type(within(form).getByLabelText('E-mail (optional)'), 'rahim@');
    await user.click(within(form).getByRole('button', { name: 'Submit request' }));
    const phone = within(form).getByLabelText('Mobile number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('E-mail (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Contact name')).toHaveAttribute('aria-invalid', 'false');
    expect(submits()).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '01712345678');
    expect(phone).toHaveAttribute('aria-invalid', 'false');
  });

  it('number fields keep digits only', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Number of seats'), '4a0 ');
    await user.type(within(form).getByLabelText('Mobile number'), '017-1234-5678');
    expect(within(form).getByLabelText('Number of seats')).toHaveValue('40');
    expect(within(form).getByLabelText('Mobile number')).toHaveValue('01712345678');
  });

  it("a valid request is sent with SPEC's keys and numbers, then 'Request submitted successfully' with Okay", async () => {
    answer('bus-reservation', 'BUS', { id: 'reservation-1' });
    const { user, form } = await openForm();
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Submit request' }));

    const done = await screen.findByRole('dialog', { name: 'Request submitted successfully' });
    expect(submits()).toHaveLength(1);
    expect(submits()[0]!.request).toEqual({
      journeyDate: dhakaDay(3),
      busType: 'economy-ac',
      boardingPlace: 'Dhaka, Gabtoli',
      droppingPlace: "Cox's Bazar",
      numberOfSeats: 40,
      numberOfBuses: 2,
      contactName: 'Rahim Uddin',
      contactPhone: '01712345678',
      approximateBudget: 90000,
    });
    const okay = within(done).getByRole('button', { name: 'Okay' });
    expect(okay).toHaveFocus();
    expect(document.body).toHaveClass('scroll-locked');
    await user.click(okay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it("takes a pasted '+880 1712-345678' as 01712345678, by the core's phone rule as the other forms do", async () => {
    answer('bus-reservation', 'BUS', { id: 'reservation-2' });
    const { user, form } = await openForm();
    await fillValid(user, form, '');
    const phone = within(form).getByLabelText('Mobile number');
    await user.click(phone);
    await user.paste('+880 1712-345678');
    expect(phone).toHaveValue('01712345678');
    await user.click(within(form).getByRole('button', { name: 'Submit request' }));
    await screen.findByRole('dialog', { name: 'Request submitted successfully' });
    expect(submits()[0]!.request).toMatchObject({ contactPhone: '01712345678' });
  });

  it('fields the server refuses are highlighted like a failed submit', async () => {
    const refusal = Object.assign(new FakeApiFailure('journeyDate is invalid', 400), {
      body: { statusCode: 400, message: ['journeyDate is invalid', 'approximateBudget is invalid'], error: 'Bad Request' },
    });
    const answered = Promise.reject(refusal);
    answered.catch(() => {});
    answer('bus-reservation', 'BUS', answered);
    const { user, form } = await openForm();
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Submit request' }));

    await waitFor(() => expect(within(form).getByLabelText('Journey date')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByLabelText('Approximate budget (TK)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Contact name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('dialog', { name: 'Request submitted successfully' })).not.toBeInTheDocument();
  });

  it('any other failure is a toast and the form stays as typed', async () => {
    const { user, form } = await openForm();
    // The fake API answers an unknown path with 404 'This page could not be found'.
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Submit request' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('This page could not be found')).toBeInTheDocument();
    expect(within(form).getByLabelText('Contact name')).toHaveValue('Rahim Uddin');
  });
});
