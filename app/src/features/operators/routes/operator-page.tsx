import { Link, useParams } from 'react-router';
import { useOperator } from '@/features/operators/api/use-operator';
import { servicePath, useService, useTheme } from '@/lib/site-context';
import { RemoteImage } from '@/components/remote-image';
import { DetailFailure, DetailLoading } from '@/components/detail-states';
import { shownCityName } from '@/features/home/components/home-sections';
import { t } from '@/i18n/messages';

/** "From - To" with the shown city names. */
const shownRoute = (route: string) =>
  route
    .split(' - ')
    .map((name) => shownCityName(name))
    .join(' - ');

/** `/{service}/operator/{id}`: one operator (`operator?id=`); a failure says why ('Operator not found'). */
export function OperatorPage() {
  const service = useService();
  const { id = '' } = useParams();
  const { brandName } = useTheme();
  const operator = useOperator(service, id);
  const back = (
    <Link className="back-link" to={`/${servicePath(service)}/operator`}>
      {t('operators.all')}
    </Link>
  );
  if (operator.status === 'loading') return <DetailLoading back={back} />;
  if (operator.status === 'error') return <DetailFailure back={back} message={operator.message} />;
  const detail = operator.data.operator;
  return (
    <article className="detail">
      {back}
      <title>{`${detail.title} | ${brandName}`}</title>
      <div className="detail__head">
        <RemoteImage path={detail.logo} width={64} height={64} className="detail__logo" eager />
        <h1 className="page__title">{detail.title}</h1>
      </div>
      <p>{detail.description}</p>
      {detail.coachTypes.length > 0 && (
        <>
          <h2 className="section__title">{t('operators.coachTypes')}</h2>
          <ul className="chips">
            {detail.coachTypes.map((type) => (
              <li key={type} className="chip">
                {type}
              </li>
            ))}
          </ul>
        </>
      )}
      {detail.routes.length > 0 && (
        <>
          <h2 className="section__title">{t('operators.routes')}</h2>
          <ul className="columns">
            {detail.routes.map((route) => (
              <li key={route}>{shownRoute(route)}</li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

export default OperatorPage;
