/**
 * Which site-wide modal is open (SPEC §2 "Modals"). The header's Full bus reserve opens the
 * reservation form; its code is loaded only then.
 */
import { createContext, lazy, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { RouteLoader } from '@/components/route-loader';
import { withRestOfCatalog } from '@/i18n/language';

export type ModalName = 'reserve';

interface Modals {
  open: (name: ModalName) => void;
  close: () => void;
  current: ModalName | null;
}

const ModalContext = createContext<Modals>({ open: () => {}, close: () => {}, current: null });

const FullBusReserveModal = lazy(() =>
  withRestOfCatalog(() => import('@/features/reservation/components/full-bus-reserve-modal')).then((m) => ({ default: m.FullBusReserveModal })),
);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalName | null>(null);
  const value = useMemo(() => ({ current, open: setCurrent, close: () => setCurrent(null) }), [current]);
  return (
    <ModalContext value={value}>
      {children}
      {current === 'reserve' && (
        <Suspense fallback={<RouteLoader visible />}>
          <FullBusReserveModal onClose={value.close} />
        </Suspense>
      )}
    </ModalContext>
  );
}

export function useModals(): Modals {
  return use(ModalContext);
}
