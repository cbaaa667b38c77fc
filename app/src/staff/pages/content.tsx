/**
 * The home pages' content: banners, offers, blog posts and popular routes, each a list and a
 * form. A manager's are their operator's, an admin's the whole site's; unticking "shown" takes
 * an item off the site and keeps it here.
 */
import { useId, useState, type ReactNode } from 'react';
import type { Content, Places, Service, StaffBanner, StaffBlog, StaffOffer, StaffPopularRoute } from 'core-wasm/staff';
import { codeOk } from 'core-wasm/staff';
import { get, post } from '@/staff/api';
import { DataTable, type Column } from '@/staff/data-table';
import { CitySelect, Field, FormActions, Outcome, useSave } from '@/staff/form';
import { t } from '@/staff/i18n';
import { ImageField } from '@/staff/image-field';
import { useLoad } from '@/staff/use-load';

/** What every kind of content has. */
interface Item {
  code: string;
  revision?: number | undefined;
  position?: number;
  visible: boolean;
  operatorId?: string | undefined;
}

export function ContentPage() {
  const content = useLoad(() => get<Content>('content'));
  const places = useLoad(() => get<Places>('places'));
  const cities = places.data?.cities ?? [];
  const cityName = (id: string) => cities.find((c) => c.id === id)?.name ?? id;
  const citySelect = (id: string, value: string, pick: (cityId: string) => void) => <CitySelect id={id} cities={cities} value={value} onChange={pick} />;
  const data = content.data;
  return (
    <section>
      <h1>{t('nav.content')}</h1>
      <Outcome error={content.error} saved={false} />
      <ContentSection<StaffBanner>
        title={t('content.banners')}
        purpose="content/banners"
        rows={data?.banners ?? []}
        reload={content.reload}
        blank={() => ({ code: '', service: 'BUS', title: '', image: '', position: 0, visible: true })}
        fields={(b, set) => (
          <>
            <ServiceField value={b.service} onChange={(service) => set({ service })} />
            <Field label={t('content.title')}>{(id) => <input id={id} required value={b.title} onChange={(e) => set({ title: e.target.value })} />}</Field>
            <Field label={t('content.link')} hint={t('content.linkHint')}>
              {(id, d) => <input id={id} aria-describedby={d} value={b.link ?? ''} onChange={(e) => set({ link: e.target.value || undefined })} />}
            </Field>
            <ImageField required value={b.image} onChange={(image) => set({ image })} />
          </>
        )}
        columns={[
          { id: 'title', header: t('content.title'), value: (b) => b.title },
          { id: 'service', header: t('form.service'), value: (b) => t(`service.${b.service}`) },
          { id: 'link', header: t('content.link'), value: (b) => b.link ?? '' },
        ]}
      />
      <ContentSection<StaffOffer>
        title={t('content.offers')}
        purpose="content/offers"
        rows={data?.offers ?? []}
        reload={content.reload}
        blank={() => ({ code: '', title: '', image: '', position: 0, visible: true })}
        fields={(o, set) => (
          <>
            <Field label={t('content.title')}>{(id) => <input id={id} required value={o.title} onChange={(e) => set({ title: e.target.value })} />}</Field>
            <Field label={t('promos.code')}>
              {(id) => <input id={id} value={o.promoCode ?? ''} onChange={(e) => set({ promoCode: e.target.value.toUpperCase() || undefined })} />}
            </Field>
            <Field label={t('content.description')}>
              {(id) => <input id={id} value={o.description ?? ''} onChange={(e) => set({ description: e.target.value || undefined })} />}
            </Field>
            <ImageField required value={o.image} onChange={(image) => set({ image })} />
          </>
        )}
        columns={[
          { id: 'title', header: t('content.title'), value: (o) => o.title },
          { id: 'promo', header: t('promos.code'), value: (o) => o.promoCode ?? '' },
        ]}
      />
      <ContentSection<StaffBlog>
        title={t('content.blogs')}
        purpose="content/blogs"
        rows={data?.blogs ?? []}
        reload={content.reload}
        blank={() => ({ code: '', title: '', summary: '', image: '', body: '', position: 0, visible: true })}
        fields={(b, set) => (
          <>
            <Field label={t('content.title')}>{(id) => <input id={id} required value={b.title} onChange={(e) => set({ title: e.target.value })} />}</Field>
            <Field label={t('content.summary')}>{(id) => <input id={id} required value={b.summary} onChange={(e) => set({ summary: e.target.value })} />}</Field>
            <ImageField required value={b.image} onChange={(image) => set({ image })} />
            <div className="staff-wide">
              <Field label={t('content.body')} hint={t('content.bodyHint')}>
                {(id, d) => <textarea id={id} aria-describedby={d} required value={b.body} onChange={(e) => set({ body: e.target.value })} />}
              </Field>
            </div>
            {b.url ? (
              <p className="staff-wide">
                {t('content.url')}: <a href={b.url}>{b.url}</a>
              </p>
            ) : null}
          </>
        )}
        columns={[
          { id: 'title', header: t('content.title'), value: (b) => b.title },
          { id: 'url', header: t('content.url'), value: (b) => b.url ?? '', cell: (b) => (b.url ? <a href={b.url}>{b.url}</a> : null) },
        ]}
      />
      <ContentSection<StaffPopularRoute>
        title={t('content.popularRoutes')}
        purpose="content/popular-routes"
        rows={data?.popularRoutes ?? []}
        reload={content.reload}
        blank={() => ({ code: '', service: 'BUS', fromCityId: '', toCityId: '', title: '', position: 0, visible: true })}
        fields={(p, set) => (
          <>
            <ServiceField value={p.service} onChange={(service) => set({ service })} />
            <Field label={t('fares.from')}>{(id) => citySelect(id, p.fromCityId, (fromCityId) => set({ fromCityId }))}</Field>
            <Field label={t('fares.to')}>{(id) => citySelect(id, p.toCityId, (toCityId) => set({ toCityId }))}</Field>
            <Field label={t('content.title')}>{(id) => <input id={id} required value={p.title} onChange={(e) => set({ title: e.target.value })} />}</Field>
            <Field label={t('content.titleBn')}>{(id) => <input id={id} lang="bn" value={p.titleBn ?? ''} onChange={(e) => set({ titleBn: e.target.value || undefined })} />}</Field>
            <Field label={t('content.description')}>
              {(id) => <input id={id} value={p.description ?? ''} onChange={(e) => set({ description: e.target.value || undefined })} />}
            </Field>
            <ImageField value={p.image ?? ''} onChange={(image) => set({ image: image || undefined })} />
          </>
        )}
        columns={[
          { id: 'title', header: t('content.title'), value: (p) => p.title },
          { id: 'service', header: t('form.service'), value: (p) => t(`service.${p.service}`) },
          { id: 'cities', header: t('schedules.route'), value: (p) => `${cityName(p.fromCityId)} → ${cityName(p.toCityId)}` },
        ]}
      />
    </section>
  );
}

function ServiceField({ value, onChange }: { value: Service; onChange: (service: Service) => void }) {
  return (
    <Field label={t('form.service')}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as Service)}>
          <option value="BUS">{t('service.BUS')}</option>
          <option value="LAUNCH">{t('service.LAUNCH')}</option>
        </select>
      )}
    </Field>
  );
}

/** One kind of content: New, its form (code, its own fields, position, shown), and its list. */
function ContentSection<T extends Item>({
  title,
  purpose,
  rows,
  reload,
  blank,
  fields,
  columns,
}: {
  title: string;
  purpose: string;
  rows: T[];
  reload: () => void;
  blank: () => T;
  fields: (item: T, set: (change: Partial<T>) => void) => ReactNode;
  columns: Column<T>[];
}) {
  const heading = useId();
  const [editing, setEditing] = useState<T | null>(null);
  // A new form for each item edited: an image problem of the last one does not linger.
  const [round, setRound] = useState(0);
  const save = useSave();
  const codeProblem = editing?.code && !codeOk(editing.code) ? t('form.codeHint') : null;
  const edit = (item: T | null) => (setEditing(item), setRound((r) => r + 1), save.reset());
  // On the item as it is by then: an upload answers after the fields typed meanwhile.
  const set = (change: Partial<T>) => setEditing((current) => (current ? { ...current, ...change } : current));
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{title}</h2>
      <button type="button" className="staff-primary" onClick={() => edit(blank())}>
        {t('form.new')}
      </button>
      {editing ? (
        <form key={round} className="staff-card" aria-label={title} onSubmit={save.run(async () => (setEditing(await post<T>(purpose, editing)), reload()))}>
          <div className="staff-grid">
            <Field label={t('form.code')} hint={t('form.codeHint')} problem={codeProblem}>
              {(id, d) => <input id={id} aria-describedby={d} required readOnly={editing.revision != null} value={editing.code} onChange={(e) => setEditing({ ...editing, code: e.target.value })} />}
            </Field>
            {fields(editing, set)}
            <Field label={t('content.position')} hint={t('content.positionHint')}>
              {(id, d) => (
                <input id={id} aria-describedby={d} type="number" min={0} max={1000} required value={editing.position ?? 0} onChange={(e) => setEditing({ ...editing, position: Number(e.target.value) })} />
              )}
            </Field>
          </div>
          <label className="staff-check">
            <input type="checkbox" checked={editing.visible} onChange={(e) => setEditing({ ...editing, visible: e.target.checked })} /> {t('content.visible')}
          </label>
          <FormActions disabled={codeProblem != null} onCancel={() => edit(null)} />
          <Outcome error={save.error} saved={save.saved} />
        </form>
      ) : null}
      <DataTable
        caption={title}
        rows={rows}
        columns={[
          { id: 'code', header: t('form.code'), value: (r) => r.code },
          ...columns,
          { id: 'position', header: t('content.position'), value: (r) => r.position ?? 0 },
          { id: 'visible', header: t('content.visible'), value: (r) => (r.visible ? t('content.shown') : t('content.hidden')) },
          { id: 'operator', header: t('form.operator'), value: (r) => r.operatorId ?? '' },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (r) => (
              <button type="button" className="staff-link" onClick={() => edit(r)}>
                {t('form.edit')} {r.code}
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
