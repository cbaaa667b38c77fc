import { lazy, Suspense } from 'react';
import type { Service } from 'core-wasm';
import { TodayInDhaka } from '@/components/today-in-dhaka';
import { WhenVisible } from '@/components/when-visible';
import { useTheme } from '@/lib/site-context';
import { BannersSection, OffersSection, PopularRoutesSection } from '@/features/home/components/home-sections';
import { SearchForm } from '@/features/search/components/search-form';
import { withRestOfCatalog } from '@/i18n/language';
import { t } from '@/i18n/messages';

// Below the first screen: their code and texts come when the traveller scrolls near them.
const lowerSections = () => withRestOfCatalog(() => import('@/features/home/components/lower-sections'));
const OperatorsSection = lazy(() => lowerSections().then((m) => ({ default: m.OperatorsSection })));
const BlogsSection = lazy(() => lowerSections().then((m) => ({ default: m.BlogsSection })));

/**
 * The home pages (`/` and `/bus` for bus, `/launch`): the search form, then banners, offers and
 * promos, popular routes, operators and blogs. In the first bundle (most visits start here), save
 * the sections below the first screen.
 */
export function HomePage({ service }: { service: Service }) {
  const { brandName } = useTheme();
  const title = service === 'BUS' ? t('home.bus.title') : t('home.launch.title');
  return (
    <div className="home">
      <title>{`${title} | ${brandName}`}</title>
      <div className="hero">
        <h1 className="page__title hero__title">{title}</h1>
        <p className="hero__lead">{service === 'BUS' ? t('home.bus.lead') : t('home.launch.lead')}</p>
        <TodayInDhaka />
      </div>
      <SearchForm key={service} service={service} />
      <WhenVisible key={`top-${service}`} minHeight="50rem">
        <BannersSection service={service} />
        <OffersSection service={service} />
        <PopularRoutesSection service={service} limit={6} />
      </WhenVisible>
      <WhenVisible key={`operators-${service}`} minHeight="20rem">
        <Suspense fallback={<div style={{ minHeight: '20rem' }} />}>
          <OperatorsSection service={service} limit={8} />
        </Suspense>
      </WhenVisible>
      <WhenVisible key={`blogs-${service}`} minHeight="20rem" id="blogs">
        <Suspense fallback={<div style={{ minHeight: '20rem' }} />}>
          <BlogsSection service={service} />
        </Suspense>
      </WhenVisible>
    </div>
  );
}
