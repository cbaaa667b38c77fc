/**
 * An image of a banner, offer, blog post or popular route: a path typed, or a file chosen here,
 * checked in the browser (image-check.ts) and uploaded as its own bytes; its path then fills the
 * field, and a small preview shows it.
 */
import { useState } from 'react';
import type { StaffImage } from 'core-wasm/staff';
import { StaffError, upload } from '@/staff/api';
import { Field } from '@/staff/form';
import { said, t } from '@/staff/i18n';
import { IMAGE_TYPES, fileProblem } from '@/staff/image-check';

/** Only a path on this site is previewed: a typed address elsewhere is never fetched from here. */
const previewable = (path: string) => path.startsWith('/') && !path.startsWith('//');

export function ImageField({ value, onChange, required = false }: { value: string; onChange: (path: string) => void; required?: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    setProblem(null);
    if (!file) return;
    setBusy(true);
    try {
      const found = fileProblem(file);
      if (found) {
        setProblem(found);
        return;
      }
      onChange((await upload<StaffImage>('images', file)).path);
    } catch (err) {
      setProblem(err instanceof StaffError ? err.details.map(said).join(' ') : String(err));
    } finally {
      setBusy(false);
      // The same file chosen again (after a fix elsewhere) is a change again.
      input.value = '';
    }
  };
  return (
    <>
      <Field label={t('content.image')} hint={t('content.imageHint')}>
        {(id, d) => <input id={id} aria-describedby={d} required={required} value={value} onChange={(e) => onChange(e.target.value)} />}
      </Field>
      <Field label={t('content.upload')} hint={t('content.uploadHint')} problem={problem}>
        {(id, d) => (
          <>
            <input id={id} aria-describedby={d} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => void choose(e.currentTarget)} />
            {busy ? (
              <small role="status" className="staff-muted">
                {t('content.uploading')}
              </small>
            ) : null}
          </>
        )}
      </Field>
      {value && previewable(value) ? <img className="staff-thumb" src={value} alt={t('content.preview')} /> : null}
    </>
  );
}
