/**
 * Seat layouts: an editor whose preview is drawn with the traveller's own seat buttons, checked
 * by the core's rule as the manager works (the same rule the server applies on save).
 */
import { useMemo, useState } from 'react';
import type { Cell, CellKind, FieldProblem, Layouts, LayoutSpec, StaffLayout } from 'core-wasm/staff';
import { seatsForSale, twoByTwo, twoFloorLaunch, validateLayout } from 'core-wasm/staff';
import { SeatButton } from '@/features/seat-plan/components/seat-button';
import { get, post } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Field, FormActions, Outcome, useSave } from '@/staff/form';
import { said, t } from '@/staff/i18n';
import { useLoad } from '@/staff/use-load';

const PAINTS: CellKind[] = ['seat', 'ladies', 'sleeper', 'notForSale', 'cabin'];

function Preview({ spec, onCell }: { spec: LayoutSpec; onCell: (deck: number, cell: number) => void }) {
  return (
    <div className="staff-preview" aria-label={t('layouts.preview')}>
      {spec.decks.map((deck, d) => (
        <section key={d} className="deck" aria-label={`${t('layouts.deck')} ${deck.name}`}>
          <h3 className="deck__title">{deck.name}</h3>
          <div className="deck__grid" style={{ gridTemplateColumns: `repeat(${deck.cols}, minmax(0, 3.25rem))` }}>
            {deck.cells.map((cell, c) => (
              <SeatButton
                key={`${cell.row}-${cell.col}`}
                label={cell.label ?? ''}
                name={`${cell.label ?? ''} ${cell.kind}`}
                // Every cell stays a button the manager can change: a painted one shows pressed.
                status="available"
                selected={cell.kind !== 'seat' && cell.kind !== 'ladies'}
                ladies={cell.kind === 'ladies'}
                place={{ row: cell.row, col: cell.col }}
                tabbable
                style={{ gridRow: cell.row + 1, gridColumn: cell.col + 1 }}
                onToggle={() => onCell(d, c)}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

export function LayoutsPage() {
  const layouts = useLoad(() => get<Layouts>('layouts'));
  const [editing, setEditing] = useState<StaffLayout | null>(null);
  const [rows, setRows] = useState(9);
  const [seatClass, setSeatClass] = useState('economy');
  const [paint, setPaint] = useState<CellKind>('notForSale');
  const { error, saved, run, reset } = useSave();
  const problems: FieldProblem[] = useMemo(() => (editing ? validateLayout(editing.spec) : []), [editing]);
  const forSale = useMemo(() => (editing ? seatsForSale(editing.spec) : 0), [editing]);

  const start = (spec: LayoutSpec) => (setEditing({ code: editing?.code ?? '', spec, includeSoldTrips: false, revision: editing?.revision ?? undefined, id: editing?.id ?? undefined }), reset());
  const repaint = (d: number, c: number) => {
    if (!editing) return;
    const decks = editing.spec.decks.map((deck, i) =>
      i !== d ? deck : { ...deck, cells: deck.cells.map((cell, j): Cell => (j === c ? { ...cell, kind: cell.kind === paint ? 'seat' : paint, berths: paint === 'cabin' ? 2 : cell.berths } : cell)) },
    );
    setEditing({ ...editing, spec: { ...editing.spec, decks } });
  };
  const save = run(async () => {
    if (!editing) return;
    setEditing(await post<StaffLayout>('layouts', editing));
    layouts.reload();
  });

  return (
    <section>
      <h1>{t('nav.layouts')}</h1>
      <button type="button" className="staff-primary" onClick={() => start(twoByTwo('2+2', rows, seatClass))}>
        {t('form.new')}
      </button>
      {editing ? (
        <form className="staff-card" onSubmit={save} aria-label={t('nav.layouts')}>
          <div className="staff-grid">
            <Field label={t('form.code')} hint={t('form.codeHint')}>
              {(id, d) => <input id={id} aria-describedby={d} required readOnly={editing.revision != null} value={editing.code} onChange={(e) => setEditing({ ...editing, code: e.target.value })} />}
            </Field>
            <Field label={t('form.name')} problem={problems.find((p) => p.field === 'name') ? said(problems.find((p) => p.field === 'name')!.message) : null}>
              {(id, d) => <input id={id} aria-describedby={d} required value={editing.spec.name} onChange={(e) => setEditing({ ...editing, spec: { ...editing.spec, name: e.target.value } })} />}
            </Field>
            <Field label={t('layouts.rows')}>
              {(id) => <input id={id} type="number" min={1} max={40} value={rows} onChange={(e) => setRows(Number(e.target.value))} />}
            </Field>
            <Field label={t('layouts.class')}>
              {(id) => <input id={id} value={seatClass} onChange={(e) => setSeatClass(e.target.value)} />}
            </Field>
          </div>
          <div className="staff-actions">
            <button type="button" onClick={() => start(twoByTwo(editing.spec.name || '2+2', rows, seatClass))}>
              {t('layouts.start')}
            </button>
            <button type="button" onClick={() => start(twoFloorLaunch(editing.spec.name || 'Launch', rows, 6))}>
              {t('layouts.launch')}
            </button>
          </div>
          <Field label={t('layouts.kind')}>
            {(id) => (
              <select id={id} value={paint} onChange={(e) => setPaint(e.target.value as CellKind)}>
                {PAINTS.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p role="status" data-testid="seats-for-sale">
            {t('layouts.seats', { count: forSale })}
          </p>
          <Preview spec={editing.spec} onCell={repaint} />
          {problems.length > 0 ? (
            <ul className="staff-problems" aria-live="polite">
              {problems.map((p, i) => (
                <li key={i} className="staff-problem">
                  {p.field}: {said(p.message)}
                </li>
              ))}
            </ul>
          ) : null}
          <FormActions disabled={problems.length > 0} onCancel={() => setEditing(null)} />
          <Outcome error={error} saved={saved} />
        </form>
      ) : null}
      <DataTable
        caption={t('nav.layouts')}
        rows={layouts.data?.layouts ?? []}
        columns={[
          { id: 'code', header: t('form.code'), value: (l) => l.id ?? l.code },
          { id: 'name', header: t('form.name'), value: (l) => l.spec.name },
          { id: 'service', header: t('form.service'), value: (l) => t(`service.${l.spec.service}`) },
          { id: 'seats', header: t('trips.seats'), value: (l) => (l.spec.decks.length ? seatsForSale(l.spec) : '') },
          {
            id: 'edit',
            header: t('form.edit'),
            value: () => '',
            sortable: false,
            cell: (l) =>
              l.operatorId && l.spec.decks.length ? (
                <button type="button" className="staff-link" onClick={() => (setEditing(l), reset())}>
                  {t('form.edit')} {l.code}
                </button>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
