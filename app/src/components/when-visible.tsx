import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the block comes near the viewport; until then an empty box of
 * `minHeight`. The home page's lower sections (and their API calls) wait until the traveller
 * scrolls towards them, so the first load does only what the first screen needs.
 */
export function WhenVisible({ children, minHeight, id }: { children: ReactNode; minHeight: string; id?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = box.current;
    if (visible || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);
  if (visible) return <>{children}</>;
  return <div ref={box} id={id} style={{ minHeight }} aria-hidden="true" />;
}
