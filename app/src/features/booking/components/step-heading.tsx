import { useTheme } from '@/lib/site-context';

/** A payment page's heading and the tab's title: what the page shows, said once. */
export function StepHeading({ title }: { title: string }) {
  const { brandName } = useTheme();
  return (
    <>
      <title>{`${title} | ${brandName}`}</title>
      <h1 className="page__title">{title}</h1>
    </>
  );
}
