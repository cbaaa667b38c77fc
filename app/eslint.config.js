// The app's lint gate (`npm run lint`: no errors, no warnings). typescript-eslint's recommended
// rules without type information (fast enough for every run of `make test`), and React's hooks
// rules, the React Compiler's checks included (refs, purity, state set in effects or render).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The app's boundaries. A feature is its own business except for the modules named here, the
 * faces other features (and the shell's components) may use; a new entry is a decision, taken
 * in review. Features and components never import the app shell (`src/app/`): what the whole
 * page shares (theme, service, mobile-app flag) lives in `src/lib/`. Imports go by `@/` so each
 * one names its folder; cycles between features are caught by src/__tests__/boundaries.test.ts.
 */
const SHARED = [
  'booking/api/ticket',
  'booking/hold',
  'change-date/change-in-hand',
  'change-date/components/change-panel',
  'find-ticket/components/ticket-card',
  'find-ticket/find-ticket.css',
  'find-ticket/use-ticket-cancel',
  'home/components/home-sections',
  'home/components/lower-sections',
  'login/api/login',
  'login/components/require-login',
  'not-found/routes/not-found-page',
  'otp/otp-popup',
  'phone/components/phone-field',
  'saved-tickets/use-saved-copy',
  'search/api/use-trips',
  'search/components/search-form',
  'seat-plan/seat-plan-path',
  'waiting-room/admission',
  'waiting-room/waiting-room',
];
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NO_SHELL = { group: ['@/app', '@/app/*'], message: 'The app shell imports features and components, not the other way: shared page state lives in @/lib.' };
const NO_PARENT = { group: ['../*', '..'], message: "Import by '@/…', so every import names the folder it reaches into." };
// A name taken literally (in unicode mode, hyphens and slashes must not be escaped).
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const otherFeatures = (own) => ({
  // A regex, not a group: a group cannot let a file through once its folder is excluded.
  regex: `^@/features/(?!${[...(own ? [`${escape(own)}/`] : []), ...SHARED.map((face) => `${escape(face)}$`)].join('|')})`,
  message: "Another feature's insides: use one of its shared modules (SHARED in eslint.config.js), or move the code to @/lib or @/components.",
});
// What the site writes in the language shown goes through the one module that knows the language.
const LOCAL_FORMATS = {
  name: 'core-wasm',
  importNames: ['displayDateTime', 'formatTaka', 'localNumber', 'localLongDate', 'localDigits'],
  message: 'Write times, money, numbers and dates in the language shown: @/lib/date-time, @/lib/money, @/i18n/messages (formatNumber), @/lib/dates.',
};
const imports = (paths, ...patterns) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['*.{js,ts}', 'build/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // The prerendered pages' own script runs in the browser, as a classic script.
    files: ['build/plain-form.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/__tests__/**'],
    rules: imports([LOCAL_FORMATS], NO_SHELL, NO_PARENT, otherFeatures(feature)),
  })),
  {
    files: ['src/components/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**'],
    rules: imports([LOCAL_FORMATS], NO_SHELL, NO_PARENT, otherFeatures(null)),
  },
  {
    // The layers under the features know none of them.
    files: ['src/{lib,api,i18n,config,pwa}/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**'],
    rules: imports([], NO_SHELL, NO_PARENT, { group: ['@/features/**', '@/components/**'], message: 'The layers under the features know none of them.' }),
  },
  {
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
