import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { mentionsOtp, validatePhone } from 'core-wasm';
import { failureText, useApi } from '@/api/api-client';
import { useMutation } from '@/api/use-mutation';
import { Modal } from '@/components/modal';
import { useNeedsNetwork } from '@/components/needs-network';
import { safeCallback } from '@/features/login/callback';
import { logIn, sendLoginOtp } from '@/features/login/api/login';
import { OtpPopup, preloadOtpPopup } from '@/features/otp/otp-popup';
import { PhoneField } from '@/features/phone/components/phone-field';
import { t } from '@/i18n/messages';
import { currentLogin, loginChanged, useLogin, type LoginAsk } from '@/lib/login';
import { showToast } from '@/lib/toasts';

export interface LoginPopupProps {
  /** Why the popup was asked for (lib/login.ts), if it was. */
  ask: LoginAsk | null;
  /**
   * Opened for the callback in the address (`/?callback=...`, the route guard's), which is
   * dropped when the popup closes. Either callback is followed once logged in only if it is a
   * path of this site (callback.ts).
   */
  fromAddress: boolean;
}

/** Once logged in, focus lands where the traveller can see what changed, if the popup's opener is gone. */
function focusAfterLogin() {
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const account = document.querySelector<HTMLElement>('.header__sub a[href="/account"]');
    (account?.offsetParent ? account : document.getElementById('main'))?.focus({ preventScroll: true });
  });
}

/**
 * Logging in (issue 13): the mobile number first (the core's phone rule), then the OTP popup that
 * finding and cancelling tickets use (four boxes, the 120 s countdown, resend), whose code logs
 * in. The core's client keeps the login from that answer; the site shows it at once and goes to the
 * callback, if there is one and it is this site's. A code refused with a message about the OTP
 * stays under the boxes (SPEC §8); any other failure closes the popup as a toast.
 */
export default function LoginPopup({ ask, fromAddress }: LoginPopupProps) {
  const { search } = useLocation();
  const callback = ask?.callback ?? (fromAddress ? new URLSearchParams(search).get('callback') : null);
  const api = useApi();
  const navigate = useNavigate();
  const { user: login } = useLogin();
  const network = useNeedsNetwork();
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  /** The number the code went to: the OTP step is shown. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sending = useMutation((number: string) => sendLoginOtp(api, number));
  const verifying = useMutation((number: string, code: string) => logIn(api, number, code), { failureToast: () => null });
  const problem = touched ? (validatePhone(phone) ?? null) : null;

  /** Closes the popup; a callback in the address goes with it (the home page stays). */
  function close() {
    loginChanged();
    if (fromAddress) void navigate('/', { replace: true });
  }

  /** Logged in (the screens told): to the callback if it is this site's, else where the traveller was. */
  function done() {
    loginChanged();
    const to = safeCallback(callback);
    if (to) void navigate(to, { replace: fromAddress });
    else if (fromAddress) void navigate('/', { replace: true });
    else focusAfterLogin();
  }

  // Opened while already logged in (another tab logged in, a guarded page's link followed twice).
  const alreadyIn = useEffectEvent(() => {
    if (sentTo === null) done();
  });
  useEffect(() => {
    if (login) alreadyIn();
  }, [login]);

  // The OTP popup's code and rules load while the number is typed.
  useEffect(preloadOtpPopup, []);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (validatePhone(phone) || sending.pending || network.offline) return;
    if ((await sending.run(phone)).ok) setSentTo(phone);
  }

  async function verify(code: string): Promise<string | null> {
    const number = sentTo ?? phone;
    const outcome = await verifying.run(number, code);
    if (!outcome.ok) {
      const message = failureText(outcome.error);
      if (mentionsOtp(message)) return message;
      close();
      showToast(message);
      return null;
    }
    // The core's client kept the login from the answer (api-client.ts); the screens read it.
    loginChanged();
    if (!currentLogin()) {
      close();
      showToast(t('site.somethingWrong'));
      return null;
    }
    showToast(t('login.done'), 'info');
    done();
    return null;
  }

  if (sentTo !== null) {
    return (
      <OtpPopup
        title={t('login.otpTitle')}
        phone={sentTo}
        onResend={() => sendLoginOtp(api, sentTo)}
        onVerify={verify}
        onClose={close}
      />
    );
  }
  return (
    <Modal title={t('login.title')} onClose={close}>
      <form className="login" noValidate onSubmit={send}>
        {ask?.ended && (
          <p className="field__error" role="alert">
            {t('login.ended')}
          </p>
        )}
        <p className="muted">{t('login.intro')}</p>
        <PhoneField value={phone} onChange={setPhone} onBlur={() => setTouched(true)} problem={problem} first />
        <button type="submit" className="button button--block" disabled={sending.pending || network.offline} aria-describedby={network.describedBy()}>
          {sending.pending ? t('login.sending') : t('login.send')}
        </button>
        {network.reason}
      </form>
    </Modal>
  );
}
