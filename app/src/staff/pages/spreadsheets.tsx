/** Schedules as a spreadsheet: import (all or nothing, every bad cell named) and export. */
import { useState, type FormEvent } from 'react';
import type { CsvProblem, ImportResult } from 'core-wasm/staff';
import { getCsv, postCsv, StaffError } from '@/staff/api';
import { DataTable } from '@/staff/data-table';
import { Outcome } from '@/staff/form';
import { said, t } from '@/staff/i18n';

export function SpreadsheetsPage() {
  const [text, setText] = useState('');
  const [dryRun, setDryRun] = useState(true);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problems, setProblems] = useState<CsvProblem[]>([]);
  const [error, setError] = useState<unknown>(null);
  const run = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    setProblems([]);
    setError(null);
    try {
      setResult(await postCsv<ImportResult>(text, dryRun));
    } catch (err) {
      const errors = err instanceof StaffError ? (err.data as { errors?: CsvProblem[] } | null)?.errors : undefined;
      if (errors) setProblems(errors);
      else setError(err);
    }
  };
  const download = async () => {
    try {
      const csv = await getCsv();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = 'schedules.csv';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section>
      <h1>{t('nav.spreadsheets')}</h1>
      <form className="staff-card" onSubmit={run} aria-label={t('csv.import')}>
        <h2>{t('csv.import')}</h2>
        <label>
          {t('csv.file')}
          <input type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setText)} />
        </label>
        <textarea aria-label={t('csv.file')} rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        <label className="staff-check">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} /> {t('csv.dryRun')}
        </label>
        <button type="submit" className="staff-primary" disabled={!text.trim()}>
          {t('csv.run')}
        </button>
        {result ? (
          <p role="status" className="staff-ok">
            {result.dryRun ? t('csv.checked', { schedules: result.schedules }) : t('csv.done', { schedules: result.schedules, changed: result.changed, trips: result.trips })}
          </p>
        ) : null}
        <Outcome error={error} saved={false} />
      </form>
      {problems.length > 0 ? (
        <DataTable
          caption={t('csv.problem')}
          rows={problems}
          columns={[
            { id: 'line', header: t('csv.line'), value: (p) => p.line },
            { id: 'column', header: t('csv.column'), value: (p) => p.column },
            { id: 'message', header: t('csv.problem'), value: (p) => said(p.message) },
          ]}
        />
      ) : null}
      <button type="button" onClick={() => void download()}>
        {t('csv.export')}
      </button>
    </section>
  );
}
