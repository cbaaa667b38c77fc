/** A ticket says whether it boarded, or that boarding closed without it (issue 36). */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ticket } from '@/features/find-ticket/__tests__/ticket-fixture';
import { BoardingStatus } from '@/components/boarding-status';

describe('BoardingStatus', () => {
  it('says a no-show plainly, and where to ask', () => {
    render(<BoardingStatus ticket={ticket({ _id: 't-1', boardingStatus: 'noShow' })} />);
    expect(screen.getByTestId('ticket-boarding')).toHaveTextContent("No-show: boarding closed before this ticket boarded, and its seat was given up. Ask the operator's counter.");
  });

  it('says boarded', () => {
    render(<BoardingStatus ticket={ticket({ _id: 't-2', boardingStatus: 'boarded' })} />);
    expect(screen.getByTestId('ticket-boarding')).toHaveTextContent('Boarded');
  });

  it('says nothing before boarding', () => {
    const { container } = render(<BoardingStatus ticket={ticket({ _id: 't-3' })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
