import { todayInDhaka } from 'core-wasm';
import { Link, useParams } from 'react-router';
import { usePopularRoute } from '@/features/popular-routes/api/use-popular-route';
import { servicePath, useService, useTheme } from '@/lib/site-context';
import { RemoteImage } from '@/components/remote-image';
import { DetailFailure, DetailLoading } from '@/components/detail-states';
import { shownCityName } from '@/features/home/components/home-sections';
import { tripSearchUrl } from '@/features/search/components/search-form';
import { t } from '@/i18n/messages';
import { taka } from '@/lib/money';

/** `/{service}/popular-route/{id}`: one route (`popular-route?id=`) and a search for today. */
export function PopularRoutePage() {
  const service = useService();
  const { id = '' } = useParams();
  const { brandName } = useTheme();
  const route = usePopularRoute(service, id);
  const back = (
    <Link className="back-link" to={`/${servicePath(service)}/popular-route`}>
      {t('popular.all')}
    </Link>
  );
  if (route.status === 'loading') return <DetailLoading back={back} />;
  if (route.status === 'error') return <DetailFailure back={back} message={route.message} />;
  const detail = route.data.popularRoute;
  const title = t('trips.route', { from: shownCityName(detail.from), to: shownCityName(detail.to) });
  return (
    <article className="detail">
      {back}
      <title>{`${title} | ${brandName}`}</title>
      <h1 className="page__title">{title}</h1>
      <RemoteImage path={detail.image} width={640} height={240} className="detail__image" eager />
      {detail.description && <p>{detail.description}</p>}
      {detail.fareFrom !== undefined && <p className="detail__fare">{t('site.fareFrom', { amount: taka(detail.fareFrom) })}</p>}
      <Link
        className="button"
        to={tripSearchUrl(service, { from: detail.from, to: detail.to, journeyDate: todayInDhaka(), coachType: 'all' })}
      >
        {t('popular.search')}
      </Link>
    </article>
  );
}

export default PopularRoutePage;
