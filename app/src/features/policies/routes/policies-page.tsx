import { useTheme } from '@/lib/site-context';
import { INFO_ANCHORS, POLICY_ANCHORS } from '@/components/footer';
import { t, type MessageId } from '@/i18n/messages';

const sections: Record<(typeof POLICY_ANCHORS)[number] | (typeof INFO_ANCHORS)[number], [MessageId, MessageId]> = {
  'terms-and-conditions': ['policies.terms.title', 'policies.terms.text'],
  'return-and-refund-policy': ['policies.refund.title', 'policies.refund.text'],
  'privacy-policy': ['policies.privacy.title', 'policies.privacy.text'],
  about: ['footer.about', 'info.about.text'],
  career: ['footer.career', 'info.career.text'],
  'ride-sharing-guideline': ['footer.rideSharing', 'info.rideSharing.text'],
  'enlistment-certificate': ['footer.enlistment', 'info.enlistment.text'],
  'covid-19': ['footer.covid', 'info.covid.text'],
};

/**
 * `/bus/policies`, `/launch/policies` (SPEC §2): the anchors terms-and-conditions,
 * return-and-refund-policy and privacy-policy that the footer links, and the company notes the
 * footer links too (about, career, ride-sharing guideline, enlistment certificate, COVID-19).
 */
export function PoliciesPage() {
  const { brandName } = useTheme();
  return (
    <article className="prose">
      <title>{`${t('policies.title')} | ${brandName}`}</title>
      <h1 className="page__title">{t('policies.title')}</h1>
      <nav aria-label={t('policies.title')}>
        <ul className="toc">
          {[...POLICY_ANCHORS, ...INFO_ANCHORS].map((anchor) => (
            <li key={anchor}>
              <a href={`#${anchor}`}>{t(sections[anchor][0])}</a>
            </li>
          ))}
        </ul>
      </nav>
      {[...POLICY_ANCHORS, ...INFO_ANCHORS].map((anchor) => (
        <section key={anchor} id={anchor} className="prose__section" tabIndex={-1}>
          <h2>{t(sections[anchor][0])}</h2>
          <p>{t(sections[anchor][1], { brand: brandName })}</p>
        </section>
      ))}
    </article>
  );
}

export default PoliciesPage;
