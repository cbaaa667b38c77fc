import { useService, useTheme } from '@/lib/site-context';
import { PopularRoutesSection } from '@/features/home/components/home-sections';
import { t } from '@/i18n/messages';

/** `/bus/popular-route`, `/launch/popular-route`: every popular route of the service. */
export function PopularRoutesPage() {
  const service = useService();
  const { brandName } = useTheme();
  const title = t(`popular.${service}.title`);
  return (
    <>
      <title>{`${title} | ${brandName}`}</title>
      <h1 className="page__title">{title}</h1>
      <PopularRoutesSection service={service} />
    </>
  );
}

export default PopularRoutesPage;
