import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallOptions } from '@/api/api-client';
import { useIntent, type Intent } from '@/api/use-intent';
import { FakeApiFailure } from '@/test/fake-api';

/** A call that records the keys it was sent with and answers as told. */
function recorder() {
  const keys: (string | undefined)[] = [];
  const answerWith = (outcome: 'ok' | 'network' | number) => (_request: unknown, options: CallOptions) => {
    keys.push(options.idempotencyKey);
    if (outcome === 'ok') return Promise.resolve('done');
    // The core's client rejects a lost connection with no status.
    const error = outcome === 'network' ? Object.assign(new Error('offline'), { toast: 'offline', status: null }) : new FakeApiFailure('refused', outcome);
    return Promise.reject(error);
  };
  return { keys, answerWith };
}

const intent = (): Intent => renderHook(() => useIntent()).result.current;

describe('useIntent: one Idempotency-Key per intent of the traveller', () => {
  it('sends the same request again with the same key while it has had no answer', async () => {
    const { keys, answerWith } = recorder();
    const pay = intent();
    await expect(pay.send({ tnxId: 't', gateway: 'sandbox' }, answerWith('network'))).rejects.toThrow('offline');
    await expect(pay.send({ tnxId: 't', gateway: 'sandbox' }, answerWith(503))).rejects.toThrow('refused');
    await expect(pay.send({ tnxId: 't', gateway: 'sandbox' }, answerWith('ok'))).resolves.toBe('done');
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shares the key with a second tap made while the first is in flight', async () => {
    const { keys, answerWith } = recorder();
    const pay = intent();
    await Promise.all([pay.send({ tnxId: 't' }, answerWith('ok')), pay.send({ tnxId: 't' }, answerWith('ok'))]);
    expect(keys[0]).toBe(keys[1]);
  });

  it('starts a new intent once the API has answered, done or refused', async () => {
    const { keys, answerWith } = recorder();
    const remove = intent();
    await remove.send({ tnxId: 't' }, answerWith('ok'));
    await expect(remove.send({ tnxId: 't' }, answerWith(409))).rejects.toThrow('refused');
    await remove.send({ tnxId: 't' }, answerWith('ok'));
    expect(new Set(keys).size).toBe(3);
  });

  it('gives another request another key (a corrected form, another code)', async () => {
    const { keys, answerWith } = recorder();
    const cancel = intent();
    await expect(cancel.send({ otpCode: '1111' }, answerWith('network'))).rejects.toThrow();
    await cancel.send({ otpCode: '2222' }, answerWith('ok'));
    expect(keys[0]).not.toBe(keys[1]);
  });
});
