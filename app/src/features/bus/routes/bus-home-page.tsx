import { TodayInDhaka } from '@/components/today-in-dhaka';
import { FindTicketForm } from '@/features/phone/components/find-ticket-form';

/** Bus home (`/` and `/bus`). The trip search, banners and routes come with the bus feature. */
export function BusHomePage() {
  return (
    <>
      <title>Buy bus tickets</title>
      <h1 className="page__title">Buy bus tickets</h1>
      <TodayInDhaka />
      <FindTicketForm />
    </>
  );
}
