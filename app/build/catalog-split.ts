/**
 * Checks the message catalog's split (src/i18n/language.ts): every text the first load can show
 * must be in its first part (`en/first.ts`, and by its type `bn/first.ts`), or the home page
 * would show a bare id until some other page loaded the rest.
 *
 * The first load is the entry chunk and every chunk it imports statically. A text is used there
 * when its id is written in one of their modules as a string (`t('search.submit')`, a `MessageId`
 * in a table), or under a template's fixed start (`t(\`service.${service}.tab\`)` uses every id
 * starting `service.`). A missing id fails the build and names the module; a first-part id the
 * first load never names is only reported (the core's message codes are named by the wasm, not
 * by any module here), so it can be moved to `rest.ts` if it really is unused.
 */
import type { Plugin } from 'vite';
import { first } from '../src/i18n/en/first.ts';
import { rest } from '../src/i18n/en/rest.ts';

/** The catalog's own files name every id: they are not uses. */
const CATALOG = /[\\/]src[\\/]i18n[\\/](en|bn)[\\/]/;
const ID = /["'`]([\w-]+(?:\.[\w-]+)+)["'`]/g;
const TEMPLATE_START = /`([\w-]+(?:\.[\w-]+)*\.)\$\{/g;

/** The ids `code` names, of `ids`, with the modules they were seen in. */
export function namedIds(modules: Iterable<[string, string]>, ids: ReadonlySet<string>): Map<string, string> {
  const named = new Map<string, string>();
  for (const [id, code] of modules) {
    if (CATALOG.test(id)) continue;
    for (const [, text = ''] of code.matchAll(ID)) if (ids.has(text) && !named.has(text)) named.set(text, id);
    for (const [, start = ''] of code.matchAll(TEMPLATE_START)) {
      for (const key of ids) if (key.startsWith(start) && !named.has(key)) named.set(key, id);
    }
  }
  return named;
}

export function catalogSplit(): Plugin {
  return {
    name: 'catalog-split',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry || entry.type !== 'chunk') return;
      const firstLoad = new Set<string>();
      for (const stack = [entry.fileName]; stack.length > 0; ) {
        const name = stack.pop() ?? '';
        const chunk = bundle[name];
        if (firstLoad.has(name) || chunk?.type !== 'chunk') continue;
        firstLoad.add(name);
        stack.push(...chunk.imports);
      }
      const modules = [...firstLoad].flatMap((name) => {
        const chunk = bundle[name];
        return chunk?.type === 'chunk' ? Object.entries(chunk.modules).map(([id, module]): [string, string] => [id, module.code ?? '']) : [];
      });
      const firstIds = new Set(Object.keys(first));
      const named = namedIds(modules, new Set([...firstIds, ...Object.keys(rest)]));
      const missing = [...named].filter(([key]) => !firstIds.has(key));
      if (missing.length > 0) {
        this.error(
          `catalog-split: the first load shows texts that are only in src/i18n/en/rest.ts (and bn/rest.ts); move them to first.ts:\n` +
            missing.map(([key, id]) => `  ${key} (${id.replace(/.*[\\/]src[\\/]/, 'src/')})`).join('\n'),
        );
      }
      const unnamed = [...firstIds].filter((key) => !named.has(key));
      if (unnamed.length > 0) {
        this.info(`catalog-split: first-part texts no first-load module names (core codes are expected here): ${unnamed.join(', ')}`);
      }
    },
  };
}
