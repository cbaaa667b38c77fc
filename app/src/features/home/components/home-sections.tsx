import { displayCities, type PopularRoute, type Service } from 'core-wasm';
import { Link } from 'react-router';
import { useBanners, useOffers, usePopularRoutes } from '@/api/content';
import { servicePath } from '@/lib/site-context';
import { RemoteImage } from '@/components/remote-image';
import { Placeholder, Section } from '@/components/section';
import { t } from '@/i18n/messages';
import { localName } from '@/i18n/names';
import { taka } from '@/lib/money';

/** A stored city name as shown (the core's display rules: Chattogram shows as Chittagong). */
export function shownCityName(name: string): string {
  return displayCities([{ name }])[0]?.name ?? name;
}

/** A popular route's city as shown: its Bangla name while Bangla is shown (names.ts), else as above. */
function routeCity(route: PopularRoute, field: 'from' | 'to'): string {
  const shown = localName(route, field);
  return shown !== route[field] ? shown : shownCityName(route[field]);
}

/** Banners of the service (`banners?moduleType=`), as a row that scrolls sideways. */
export function BannersSection({ service }: { service: Service }) {
  const banners = useBanners(service);
  if (banners.status === 'error' || (banners.status === 'success' && banners.data.banners.length === 0)) return null;
  return (
    <Section title={t('home.banners')} className="banners">
      {banners.status === 'loading' ? (
        <Placeholder rows={1} className="placeholder--banner" />
      ) : (
        // A row that scrolls sideways takes focus, so a keyboard can scroll it too when no banner
        // in it is a link (the launch banners): axe's scrollable-region-focusable.
        <ul className="scroller" tabIndex={0} aria-label={t('home.banners')}>
          {banners.data.banners.map((banner) => {
            const body = (
              <>
                <RemoteImage path={banner.image} width={640} height={240} className="banner__image" />
                <span className="banner__title">{banner.title}</span>
              </>
            );
            return (
              <li key={banner._id} className="banner">
                {banner.link ? (
                  <Link className="banner__link" to={banner.link}>
                    {body}
                  </Link>
                ) : (
                  <div className="banner__link">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** Offer and promo images; the image base comes from the runtime config. */
export function OffersSection({ service }: { service: Service }) {
  const offers = useOffers(service);
  if (offers.status === 'error' || (offers.status === 'success' && offers.data.offerAndPromoImages.length === 0)) return null;
  return (
    <Section title={t('home.offers')} more={service === 'BUS' ? '/bus/offer' : undefined}>
      {offers.status === 'loading' ? (
        <Placeholder rows={1} className="placeholder--cards" />
      ) : (
        // Focusable, as the banners' row: the launch offers are not links.
        <ul className="scroller" tabIndex={0} aria-label={t('home.offers')}>
          {offers.data.offerAndPromoImages.map((offer) => {
            const body = (
              <>
                <RemoteImage path={offer.image} width={320} height={180} className="offer__image" />
                <span className="offer__title">{offer.title}</span>
                {offer.promoCode && <span className="offer__code">{t('home.promoCode', { code: offer.promoCode })}</span>}
              </>
            );
            return (
              <li key={offer._id} className="offer">
                {service === 'BUS' ? (
                  <Link className="offer__link" to={`/bus/offer/${encodeURIComponent(offer._id)}`}>
                    {body}
                  </Link>
                ) : (
                  <div className="offer__link">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** Popular routes, each to its detail page. */
export function PopularRoutesSection({ service, limit }: { service: Service; limit?: number }) {
  const routes = usePopularRoutes(service);
  const base = `/${servicePath(service)}/popular-route`;
  if (routes.status === 'error') return null;
  const list = routes.data?.popularRoutes.slice(0, limit) ?? [];
  return (
    <Section title={t('home.popularRoutes')} more={limit ? base : undefined}>
      {routes.status === 'loading' ? (
        <Placeholder rows={4} />
      ) : (
        <ul className="route-list">
          {list.map((route) => (
            <li key={route._id}>
              <Link className="route-list__item" to={`${base}/${encodeURIComponent(route._id)}`}>
                <span className="route-list__name">
                  <span className="visually-hidden">{t('trips.route', { from: routeCity(route, 'from'), to: routeCity(route, 'to') })}</span>
                  <span aria-hidden="true">
                    {routeCity(route, 'from')} → {routeCity(route, 'to')}
                  </span>
                </span>
                {route.fareFrom !== undefined && (
                  <span className="route-list__fare">{t('site.fareFrom', { amount: taka(route.fareFrom) })}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
