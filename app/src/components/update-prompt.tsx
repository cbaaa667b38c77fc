import { lazy, Suspense } from 'react';
import { useUpdate } from '@/pwa/update-state';
import { withRestOfCatalog } from '@/i18n/language';

// Loaded when there is an update to offer (most visits have none), with the texts it shows.
const UpdatePromptBar = lazy(() => withRestOfCatalog(() => import('@/components/update-prompt-bar')));

/** 'Update available' once a new version waits (update-prompt-bar.tsx); nothing otherwise. */
export function UpdatePrompt() {
  const update = useUpdate();
  return update ? (
    <Suspense fallback={null}>
      <UpdatePromptBar update={update} />
    </Suspense>
  ) : null;
}
