import { Link } from 'react-router';
import { t } from '@/i18n/messages';

/** SPEC §2's 404 page. The static server answers unknown paths with this page and HTTP 404. */
export function NotFoundPage() {
  return (
    <div className="page--centered">
      <title>{t('notFound.title')}</title>
      <h1 className="page__title">{t('notFound.title')}</h1>
      <Link className="button" to="/">
        {t('notFound.back')}
      </Link>
    </div>
  );
}

export default NotFoundPage;
