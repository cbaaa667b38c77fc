/** A staff list, loaded when the page opens and again after a save. */
import { useCallback, useEffect, useState } from 'react';
import { StaffError } from '@/staff/api';

export function useLoad<T>(load: () => Promise<T>): { data: T | null; error: StaffError | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<StaffError | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (d) => live && (setData(d), setError(null)),
      (e: unknown) => live && setError(e instanceof StaffError ? e : new StaffError(0, '', [{ code: '', text: String(e) }], null)),
    );
    return () => {
      live = false;
    };
    // `load` is the page's fixed loader; a new round reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, reload };
}
