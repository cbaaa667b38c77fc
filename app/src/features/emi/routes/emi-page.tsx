import { Link } from 'react-router';
import { useTheme } from '@/lib/site-context';
import { t } from '@/i18n/messages';

/** `/bus/emi` (SPEC §2), in the EMI layout: the page only, no header or footer. */
export function EmiPage() {
  const { brandName } = useTheme();
  return (
    <article className="prose">
      <title>{`${t('emi.title')} | ${brandName}`}</title>
      <h1 className="page__title">{t('emi.title')}</h1>
      <p>{t('emi.text')}</p>
      <Link to="/bus">{t('emi.back')}</Link>
    </article>
  );
}

export default EmiPage;
