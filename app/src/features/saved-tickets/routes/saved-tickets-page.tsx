import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { servicePath, useService } from '@/lib/site-context';
import { SavedTicketCard } from '@/features/saved-tickets/components/saved-ticket-card';
import { removeSavedTicket, savedTickets, type SavedTicket } from '@/features/saved-tickets/saved-tickets-store';
import { t } from '@/i18n/messages';
import '@/features/saved-tickets/saved-tickets.css';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tickets: SavedTicket[] };

/**
 * `/bus/saved-tickets`, `/launch/saved-tickets`: 'My saved tickets', every ticket kept on this
 * device (both services), read from the device alone so it opens offline (the service worker
 * holds the page itself).
 */
export default function SavedTicketsPage() {
  const service = useService();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    savedTickets().then(
      (tickets) => live && setState({ status: 'ready', tickets }),
      (error: unknown) => {
        console.warn('saved tickets cannot be read', error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  function remove(id: string) {
    void removeSavedTicket(id).then(() =>
      setState((s) => (s.status === 'ready' ? { status: 'ready', tickets: s.tickets.filter((x) => x.ticket._id !== id) } : s)),
    );
  }

  const title = t('saved.title');
  return (
    <div className="saved-tickets">
      <title>{title}</title>
      <h1 className="page__title">{title}</h1>
      <p className="muted">{t('saved.intro')}</p>
      {state.status === 'loading' && <p role="status">{t('site.loading')}</p>}
      {state.status === 'failed' && <p role="alert">{t('saved.unavailable')}</p>}
      {state.status === 'ready' && state.tickets.length === 0 && (
        <p className="saved-tickets__empty">
          {t('saved.empty')} <Link to={`/${servicePath(service)}/find-ticket`}>{t('header.history')}</Link>
        </p>
      )}
      {state.status === 'ready' && state.tickets.length > 0 && (
        <ul className="saved-tickets__list">
          {state.tickets.map((saved) => (
            <SavedTicketCard key={saved.ticket._id} saved={saved} onRemove={remove} />
          ))}
        </ul>
      )}
    </div>
  );
}
