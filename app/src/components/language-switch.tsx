import { Fragment, type ReactNode } from 'react';
import { chooseLanguage, useLanguage } from '@/i18n/language';

/**
 * বাংলা / English: one tap to the other language, named in that language (and marked so, for
 * screen readers). The choice is remembered on the device (i18n/language.ts).
 */
export function LanguageSwitch({ className = 'lang-switch' }: { className?: string }) {
  const other = useLanguage() === 'bn' ? 'en' : 'bn';
  return (
    <button type="button" className={className} lang={other} data-testid="language-switch" onClick={() => void chooseLanguage(other)}>
      {other === 'bn' ? 'বাংলা' : 'English'}
    </button>
  );
}

/**
 * The pages under it, drawn afresh in the language shown when it changes: every text is read
 * with `t()` while rendering, so the tree is mounted again (as Lingui's provider does). The
 * router, the URL and the server data cached for the visit stay; a half-filled form starts over.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  return <Fragment key={lang}>{children}</Fragment>;
}
