import { coreMessages } from 'core-wasm/booking';
import { describe, expect, it } from 'vitest';
import { messageText } from '@/i18n/messages';
import { english as messages } from '@/test/catalogs';

describe('messageText', () => {
  it('shows a known code from the catalog', () => {
    expect(messageText({ code: 'phone.invalid', text: 'core text' })).toBe('Enter a valid number');
  });

  it("falls back to the core's text for a code the catalog does not know", () => {
    expect(messageText({ code: 'otp.expired', text: 'OTP expired' })).toBe('OTP expired');
    expect(messageText({ code: 'toString', text: 'not from the prototype' })).toBe('not from the prototype');
  });
});

describe('catalog', () => {
  // The core lists every message it can produce: a new one needs its entry here.
  it.each(coreMessages().map((message) => [message.code, message] as const))('has %s', (code, message) => {
    expect(Object.keys(messages)).toContain(code);
    // The English catalog keeps SPEC's wording, which is the core's text.
    expect(messages[code]).toBe(message.text);
  });
});
