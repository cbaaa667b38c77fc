import { useTheme } from '@/app/site-context';
import { FindTicketForm } from '@/features/find-ticket/components/find-ticket-form';
import { t } from '@/i18n/messages';

/** `/bus/find-ticket`, `/launch/find-ticket`: ticket history, found by mobile number. */
export function FindTicketPage() {
  const { brandName } = useTheme();
  return (
    <>
      <title>{`${t('findTicket.title')} | ${brandName}`}</title>
      <h1 className="page__title">{t('findTicket.title')}</h1>
      <FindTicketForm />
    </>
  );
}

export default FindTicketPage;
