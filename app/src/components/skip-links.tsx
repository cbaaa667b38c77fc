import type { MouseEvent } from 'react';
import { t, type MessageId } from '@/i18n/messages';
import { useRouteHandles } from '@/lib/route-handles';

/** A part of a page worth skipping to, named by its route (`handle: { skipTo }` in routes.tsx). */
export interface SkipTarget {
  id: string;
  label: MessageId;
}

/** The trip results: on a wide screen the first card sits behind the header and every filter. */
export const TRIP_RESULTS: SkipTarget = { id: 'trip-results', label: 'site.skipToResults' };

function skipTarget(handle: unknown): SkipTarget | undefined {
  return (handle as { skipTo?: SkipTarget } | null | undefined)?.skipTo;
}

/**
 * The first Tab stops of a page: to the part its route names, when it has one, then to the
 * content. The page's part gets focus without a URL fragment (no history entry, nothing for a
 * reload to scroll to); a page that has not drawn it yet (no search) sends focus to the content.
 */
export function SkipLinks() {
  const target = useRouteHandles()
    .map(skipTarget)
    .find((found) => found !== undefined);

  function skip(event: MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault();
    (document.getElementById(id) ?? document.getElementById('main'))?.focus();
  }

  return (
    <>
      {target && (
        <a className="skip-link" href={`#${target.id}`} onClick={(event) => skip(event, target.id)}>
          {t(target.label)}
        </a>
      )}
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
    </>
  );
}
