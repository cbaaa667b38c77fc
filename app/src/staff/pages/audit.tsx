/** The audit log: who changed what, when, from where (newest first). */
import type { AuditPage as Page } from 'core-wasm/staff';
import { get } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Outcome } from '@/staff/form';
import { t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

export function AuditPage() {
  const page = useLoad(() => get<Page>('audit', { limit: '500' }));
  return (
    <section>
      <h1>{t('nav.audit')}</h1>
      <DataTable
        caption={t('nav.audit')}
        rows={page.data?.entries ?? []}
        columns={[
          { id: 'seq', header: '#', value: (e) => e.seq },
          { id: 'at', header: t('audit.when'), value: (e) => new Date(e.at).toLocaleString() },
          { id: 'who', header: t('audit.who'), value: (e) => e.phone },
          { id: 'role', header: t('audit.role'), value: (e) => `${e.role}${e.operatorId ? ` (${e.operatorId})` : ''}` },
          { id: 'call', header: t('audit.call'), value: (e) => e.call },
          { id: 'object', header: t('audit.object'), value: (e) => e.object },
        ]}
      />
      <Outcome error={page.error} saved={false} />
    </section>
  );
}
