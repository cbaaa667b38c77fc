import { lazy, Suspense } from 'react';
import type { OtpModalProps } from '@/features/otp/components/otp-modal';

/**
 * The OTP popup as pages use it: its code, and the core's booking module its rules run on (about
 * 60 KB brotli of wasm), arrive when a code is about to be asked for, not with the page. A page
 * that asks for a code (find-ticket) draws, and scores, without them; `preloadOtpPopup` starts the
 * load as soon as the traveller starts on the form, so the popup is there when the code is sent.
 */
const load = () => import('@/features/otp/components/otp-modal');

const OtpModal = lazy(() => load().then((module) => ({ default: module.OtpModal })));

/** Starts loading the popup; a load that fails is retried, and shown, when the popup opens. */
export function preloadOtpPopup(): void {
  load().catch(() => undefined);
}

export function OtpPopup(props: OtpModalProps) {
  return (
    <Suspense fallback={null}>
      <OtpModal {...props} />
    </Suspense>
  );
}
