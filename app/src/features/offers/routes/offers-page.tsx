import { Link, useParams } from 'react-router';
import { useOffers } from '@/api/content';
import { useTheme } from '@/lib/site-context';
import { RemoteImage } from '@/components/remote-image';
import { Placeholder } from '@/components/section';
import { DetailFailure, DetailLoading } from '@/components/detail-states';
import { t } from '@/i18n/messages';

/**
 * `/bus/offer` and `/bus/offer/{id}`: the offers and promos, or one of them. The API has no
 * offer-by-id call, so one offer is found in the list.
 */
export function OffersPage() {
  const { id } = useParams();
  const { brandName } = useTheme();
  const offers = useOffers('BUS');
  const list = offers.data?.offerAndPromoImages ?? [];
  if (id !== undefined) {
    const offer = list.find((o) => o._id === id);
    const back = (
      <Link className="back-link" to="/bus/offer">
        {t('offers.all')}
      </Link>
    );
    if (offers.status === 'loading') return <DetailLoading back={back} />;
    if (!offer) return <DetailFailure back={back} message={t('offers.notFound')} />;
    return (
      <article className="detail">
        {back}
        <title>{`${offer.title} | ${brandName}`}</title>
        <h1 className="page__title">{offer.title}</h1>
        <RemoteImage path={offer.image} width={640} height={360} className="detail__image" eager />
        {offer.description && <p>{offer.description}</p>}
        {offer.promoCode && (
          <p className="detail__code">
            {t('offers.code')} <strong className="promo-code">{offer.promoCode}</strong>
          </p>
        )}
      </article>
    );
  }
  return (
    <>
      <title>{`${t('offers.title')} | ${brandName}`}</title>
      <h1 className="page__title">{t('offers.title')}</h1>
      {offers.status === 'loading' ? (
        <Placeholder rows={4} />
      ) : (
        <ul className="card-grid">
          {list.map((offer) => (
            <li key={offer._id} className="offer">
              <Link className="offer__link" to={`/bus/offer/${encodeURIComponent(offer._id)}`}>
                <RemoteImage path={offer.image} width={320} height={180} className="offer__image" />
                <span className="offer__title">{offer.title}</span>
                {offer.promoCode && <span className="offer__code">{t('home.promoCode', { code: offer.promoCode })}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default OffersPage;
