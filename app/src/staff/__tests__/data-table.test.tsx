/** The back office's tables: a heading sorts, the filter narrows every column, pages of 20. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/staff/data-table';

interface Trip {
  code: string;
  sold: number;
}

const rows: Trip[] = Array.from({ length: 45 }, (_, i) => ({ code: `trip-${String(i).padStart(2, '0')}`, sold: (i * 7) % 45 }));

function table() {
  render(
    <DataTable
      caption="Trips"
      rows={rows}
      columns={[
        { id: 'code', header: 'Code', value: (r) => r.code },
        { id: 'sold', header: 'Sold', value: (r) => r.sold },
      ]}
    />,
  );
  return screen.getByRole('table', { name: /Trips/ });
}

const firstCode = (t: HTMLElement) => within(within(t).getAllByRole('row')[1]!).getAllByRole('cell')[0]!.textContent;

describe('a staff table', () => {
  it('shows 20 rows a page and pages on', async () => {
    const t = table();
    expect(within(t).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(firstCode(t)).toBe('trip-20');
  });

  it('sorts by a heading, and says so', async () => {
    const t = table();
    const sold = screen.getByRole('button', { name: /Sold/ });
    await userEvent.click(sold);
    const heading = screen.getByRole('columnheader', { name: /Sold/ });
    expect(heading).toHaveAttribute('aria-sort');
    const order = heading.getAttribute('aria-sort');
    expect(['ascending', 'descending']).toContain(order);
    const values = within(t).getAllByRole('row').slice(1).map((r) => Number(within(r).getAllByRole('cell')[1]!.textContent));
    const sorted = [...values].sort((a, b) => (order === 'ascending' ? a - b : b - a));
    expect(values).toEqual(sorted);
  });

  it('filters every column from one box', async () => {
    const t = table();
    await userEvent.type(screen.getByLabelText('Filter'), 'trip-4');
    const codes = within(t).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(codes).toEqual(['trip-40', 'trip-41', 'trip-42', 'trip-43', 'trip-44']);
    expect(screen.getByText('(5 rows)')).toBeInTheDocument();
  });
});
