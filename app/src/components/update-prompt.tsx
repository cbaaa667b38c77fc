import { lazy, Suspense } from 'react';
import { useUpdate } from '@/pwa/update-state';

// Loaded when there is an update to offer: most visits have none.
const UpdatePromptBar = lazy(() => import('@/components/update-prompt-bar'));

/** 'Update available' once a new version waits (update-prompt-bar.tsx); nothing otherwise. */
export function UpdatePrompt() {
  const update = useUpdate();
  return update ? (
    <Suspense fallback={null}>
      <UpdatePromptBar update={update} />
    </Suspense>
  ) : null;
}
