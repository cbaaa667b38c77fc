import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { OtpModal, type OtpModalProps } from '@/features/otp/components/otp-modal';
import { FakeApiFailure } from '@/test/fake-api';

/** The OTP popup on its own, opened right after a successful send, with the core's reducer behind it. */
function renderOtp(props: Partial<OtpModalProps> = {}) {
  const user = userEvent.setup();
  const handlers = {
    onResend: vi.fn<OtpModalProps['onResend']>().mockResolvedValue(undefined),
    onVerify: vi.fn<OtpModalProps['onVerify']>().mockResolvedValue(null),
    onClose: vi.fn(),
  };
  render(
    <>
      <OtpModal title="OTP to search ticket" phone="01712345678" {...handlers} {...props} />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: 'OTP to search ticket' });
  const boxes = [1, 2, 3, 4].map((n) => within(dialog).getByRole('textbox', { name: `Digit ${n} of 4` }));
  const verify = within(dialog).getByRole('button', { name: 'Verify OTP' });
  return { user, dialog, boxes, verify, ...handlers, ...props };
}

/** Lets `seconds` pass on the page's clock and its timers. */
function wait(seconds: number) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

describe('the OTP popup', () => {
  beforeEach(() => {
    // The countdown's clock and interval are faked; setTimeout stays real, as testing-library
    // and user-event wait with it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says where the code went, starts on the first box and locks page scrolling', () => {
    const { dialog, boxes } = renderOtp();
    expect(dialog).toHaveTextContent('Enter the 4-digit code we sent by SMS to 01712345678.');
    expect(boxes[0]).toHaveFocus();
    expect(document.body).toHaveClass('scroll-locked');
  });

  it('counts 120 seconds down from the send, then stops and offers "Did not get code?"', () => {
    const { dialog } = renderOtp();
    expect(dialog).toHaveTextContent('You can ask for a new code in 2:00');
    wait(1);
    expect(dialog).toHaveTextContent('in 1:59');
    wait(118);
    expect(dialog).toHaveTextContent('in 0:01');
    expect(within(dialog).queryByText('Did not get code?')).not.toBeInTheDocument();

    wait(1);
    expect(dialog).not.toHaveTextContent('You can ask for a new code');
    expect(dialog).toHaveTextContent('Did not get code?');
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeEnabled();

    // Stopped at zero: nothing more happens.
    wait(30);
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
  });

  it('keeps time by the clock when the phone sleeps and timers fall behind', () => {
    const { dialog } = renderOtp();
    // A minute with no timer callbacks (a tab in the background), then one tick.
    vi.setSystemTime(Date.now() + 60_000);
    wait(1);
    expect(dialog).toHaveTextContent('in 0:59');
  });

  it('resend clears the digits, sends a new code and restarts the 120 seconds', async () => {
    const { user, dialog, boxes, verify, onResend } = renderOtp();
    await user.type(boxes[0]!, '12');
    wait(120);
    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));

    expect(onResend).toHaveBeenCalledTimes(1);
    for (const box of boxes) expect(box).toHaveValue('');
    expect(verify).toBeDisabled();
    expect(boxes[0]).toHaveFocus();
    expect(dialog).toHaveTextContent('You can ask for a new code in 2:00');
    expect(within(dialog).queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();

    wait(60);
    expect(dialog).toHaveTextContent('in 1:00');
    wait(60);
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
  });

  it('a refused resend keeps the digits and the link, and says why in a toast', async () => {
    const onResend = vi.fn<OtpModalProps['onResend']>().mockRejectedValue(
      new FakeApiFailure('Please wait 3 seconds before asking for another OTP', 429),
    );
    const { user, dialog, boxes } = renderOtp({ onResend });
    await user.type(boxes[0]!, '7');
    wait(120);
    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));

    expect(await screen.findByText('Please wait 3 seconds before asking for another OTP')).toBeInTheDocument();
    expect(boxes[0]).toHaveValue('7');
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  });

  it('typing fills one box at a time and moves on; letters are ignored', async () => {
    const { user, boxes } = renderOtp();
    await user.keyboard('4');
    expect(boxes[0]).toHaveValue('4');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('x');
    expect(boxes[1]).toHaveValue('');
    await user.keyboard('27');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['4', '2', '7', '']);
    expect(boxes[3]).toHaveFocus();
  });

  it('pasting a code into any box fills the boxes from the first', async () => {
    const { user, boxes, verify } = renderOtp();
    await user.click(boxes[2]!);
    await user.paste('Your OTP: 58 21');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['5', '8', '2', '1']);
    expect(verify).toBeEnabled();
  });

  it("the keyboard's one-time-code suggestion, arriving whole in the first box, fills all four", () => {
    const { boxes, verify } = renderOtp();
    fireEvent.input(boxes[0]!, { target: { value: '4812' } });
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['4', '8', '1', '2']);
    expect(verify).toBeEnabled();
  });

  it('backspace clears a filled box, and on an empty box clears the one before and moves back', async () => {
    const { user, boxes } = renderOtp();
    await user.keyboard('123');
    expect(boxes[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[2]).toHaveFocus();
    expect(boxes[2]).toHaveValue('');
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
    expect(boxes[1]).toHaveValue('');
    expect(boxes[0]).toHaveValue('1');
  });

  it('Verify OTP is enabled only with all four digits and sends the code', async () => {
    const { user, boxes, verify, onVerify } = renderOtp();
    expect(verify).toBeDisabled();
    await user.keyboard('123');
    expect(verify).toBeDisabled();
    await user.keyboard('4');
    expect(verify).toBeEnabled();
    await user.click(verify);
    expect(onVerify).toHaveBeenCalledWith('1234');
    await user.click(boxes[1]!);
    await user.keyboard('{Backspace}');
    expect(verify).toBeDisabled();
  });

  it("shows the server's message under the boxes until a digit is typed", async () => {
    const onVerify = vi.fn<OtpModalProps['onVerify']>().mockResolvedValue('Wrong OTP, please check the code and try again');
    const { user, dialog, boxes, verify } = renderOtp({ onVerify });
    await user.keyboard('1111');
    await user.click(verify);

    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('Wrong OTP, please check the code and try again');
    expect(boxes[0]).toHaveAccessibleDescription('Wrong OTP, please check the code and try again');
    expect(boxes[0]).toHaveAttribute('aria-invalid', 'true');
    expect(boxes[0]).toHaveFocus();

    await user.keyboard('2');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(boxes[0]).toHaveAttribute('aria-invalid', 'false');
  });

  it('typing the digit a box already holds still moves on and clears the error', async () => {
    const onVerify = vi.fn<OtpModalProps['onVerify']>().mockResolvedValue('Wrong OTP, please check the code and try again');
    const { user, dialog, boxes, verify } = renderOtp({ onVerify });
    await user.keyboard('0000');
    await user.click(verify);
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(boxes[0]).toHaveFocus();

    await user.keyboard('0');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(boxes[1]).toHaveFocus();
  });

  it('closes with the close button or Escape', async () => {
    const { user, dialog, onClose } = renderOtp();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
