import { TodayInDhaka } from '@/components/today-in-dhaka';

/** Launch home (`/launch`). The schedule search comes with the launch feature. */
export function LaunchHomePage() {
  return (
    <>
      <title>Buy launch tickets</title>
      <h1 className="page__title">Buy launch tickets</h1>
      <TodayInDhaka />
    </>
  );
}
