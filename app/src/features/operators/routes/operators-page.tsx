import { useService, useTheme } from '@/lib/site-context';
import { OperatorsSection } from '@/features/home/components/lower-sections';
import { t } from '@/i18n/messages';

/** `/bus/operator`, `/launch/operator`: every operator of the service, then 'Many more to come...'. */
export function OperatorsPage() {
  const service = useService();
  const { brandName } = useTheme();
  const title = t(`operators.${service}.title`);
  return (
    <>
      <title>{`${title} | ${brandName}`}</title>
      <h1 className="page__title">{title}</h1>
      <OperatorsSection service={service} />
    </>
  );
}

export default OperatorsPage;
