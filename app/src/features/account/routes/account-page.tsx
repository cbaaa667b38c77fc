import { Link, useNavigate } from 'react-router';
import type { CancelTicketResponse, Ticket } from 'core-wasm';
import { failureText, isLoginEnded, useApi } from '@/api/api-client';
import { useMutation } from '@/api/use-mutation';
import { useTheme } from '@/lib/site-context';
import { useNeedsNetwork } from '@/components/needs-network';
import { useMyTickets } from '@/features/account/api/my-tickets';
import { dayAfter, startChange } from '@/features/change-date/change-in-hand';
import { TicketCard } from '@/features/find-ticket/components/ticket-card';
import { useTicketCancel } from '@/features/find-ticket/use-ticket-cancel';
import { logOut, useMe } from '@/features/login/api/login';
import { RequireLogin } from '@/features/login/components/require-login';
import { shownDigits } from '@/i18n/language';
import { t } from '@/i18n/messages';
import { askToLogIn, loginChanged, useLogin } from '@/lib/login';
import { showToast } from '@/lib/toasts';
import '@/features/find-ticket/find-ticket.css';
import '@/features/account/account.css';

/**
 * `/account` (issue 13), guarded (RequireLogin, SPEC §2): who is logged in, Log out, and 'My trips',
 * the traveller's bus and launch tickets without an OTP (`common/my-tickets`), each as the
 * ticket history shows a found ticket: status, details, the PDF, and Cancel, which still asks for
 * a code sent to the ticket's phone (SPEC §4), and Change date where the ticket's policy allows
 * one (issue 37), confirmed by a code to the ticket's phone as from find-ticket. Tickets shown are kept on the device as History's
 * are (the card does it), for 'My saved tickets' offline.
 *
 * If the login ends while the page is open, the page stays and the login popup asks for a new one
 * (api/api-client.ts); logged in again, the trips load again.
 */
export default function AccountRoute() {
  return (
    <RequireLogin>
      <AccountPage />
    </RequireLogin>
  );
}

function AccountPage() {
  const { brandName } = useTheme();
  const api = useApi();
  const navigate = useNavigate();
  const { user: login } = useLogin();
  const me = useMe();
  const trips = useMyTickets(login);
  const network = useNeedsNetwork();
  const cancel = useTicketCancel(applied, me?.phone);
  // A logout refused because the login had already ended still logs out here; nothing to say.
  const leaving = useMutation(() => logOut(api), { failureToast: (error) => (isLoginEnded(error) ? null : failureText(error)) });

  function applied(ticket: Ticket, response: CancelTicketResponse) {
    // The core's booking module: here already, the OTP popup runs on it.
    void import('core-wasm/booking').then(({ applyCancel }) =>
      trips.update((data) => ({ tickets: applyCancel(data.tickets, ticket._id, response) })),
    );
  }

  /**
   * Ends the login on the server; the core's client forgets it (its token and `user_id`) whatever
   * the answer, and the screens show the visitor again.
   */
  async function leave() {
    await leaving.run();
    loginChanged();
    showToast(t('account.loggedOut'), 'info');
    void navigate('/');
  }

  const title = t('account.title');
  return (
    <div className="account">
      <title>{`${title} | ${brandName}`}</title>
      <h1 className="page__title">{title}</h1>
      {login ? (
        <section className="card account__who" aria-label={title}>
          <p className="account__phone">
            {/* Named by its phone: the latest passenger's name (me.name) may be someone the
                traveller booked for (issue 40). */}
            {me && t('account.phone', { phone: shownDigits(me.phone) })}
          </p>
          <button
            type="button"
            className="button button--ghost"
            disabled={leaving.pending || network.offline}
            aria-describedby={network.describedBy()}
            onClick={() => void leave()}
          >
            {leaving.pending ? t('account.loggingOut') : t('account.logOut')}
          </button>
          {network.reason}
        </section>
      ) : (
        <p className="card account__who">
          {t('account.logInToSee')}{' '}
          <button type="button" className="button" onClick={() => askToLogIn({ callback: '/account' })}>
            {t('header.logIn')}
          </button>
        </p>
      )}
      <div role="status" className={cancel.notice ? 'find-ticket__notice' : undefined}>
        {cancel.notice}
      </div>
      <section className="account__trips" aria-labelledby="account-trips">
        <h2 id="account-trips" className="account__trips-title">
          {t('account.trips')}
        </h2>
        <p className="muted">{t('account.tripsIntro')}</p>
        {login && trips.status === 'loading' && <p role="status">{t('site.loading')}</p>}
        {trips.status === 'error' && !isLoginEnded(trips.error) && (
          <p role="alert" className="find-ticket__problem">
            {trips.message}{' '}
            <button type="button" className="link-button" onClick={() => trips.refetch()}>
              {t('site.retry')}
            </button>
          </p>
        )}
        {trips.status === 'success' && trips.data.tickets.length === 0 && (
          <p className="account__empty">
            {t('account.noTrips')} <Link to="/bus">{t('account.search')}</Link>
          </p>
        )}
        {trips.status === 'success' && trips.data.tickets.length > 0 && (
          <>
            <p className="find-ticket__count">{t('account.count', { count: trips.data.tickets.length })}</p>
            <ul className="find-ticket__list">
              {trips.data.tickets.map((ticket) => (
                <TicketCard
                  key={ticket._id}
                  ticket={ticket}
                  service={ticket.service ?? 'BUS'}
                  onCancel={cancel.start}
                  cancelling={cancel.sending(ticket._id)}
                  onChangeDate={(changing) => void navigate(startChange(changing, dayAfter(changing)))}
                />
              ))}
            </ul>
          </>
        )}
      </section>
      {cancel.popup}
    </div>
  );
}
