import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import i18nextDefaults from 'eslint-plugin-i18next/lib/options/defaults.js';

const APPS = ['shell', 'remote-marketing', 'remote-booking', 'remote-contact'];

/**
 * Copy belongs in the owning package's locale files. Checked: JSX text, and on HTML elements the
 * attributes a visitor reads or hears (alt, aria-label, placeholder, title, value); on components
 * every prop except those below, which carry code values: ids and references, routes, images, icon and
 * field names, variants, handlers. Options replace the plugin's defaults, so they extend them.
 */
const noLiteralCopy = {
  mode: 'jsx-only',
  'should-validate-template': true,
  'jsx-attributes': {
    exclude: [
      ...i18nextDefaults['jsx-attributes'].exclude,
      'htmlFor',
      'labelledBy',
      '.*[tT]estId',
      'data-.*',
      'to',
      'href',
      'path',
      'image',
      'page',
      'name',
      'tone',
      'mode',
      'on[A-Z].*',
    ],
  },
  words: {
    exclude: [
      ...i18nextDefaults.words.exclude,
      // Decorative glyphs and punctuation (the header's ◆), hidden from screen readers by markup.
      /^[\p{P}\p{S}\s]+$/u,
      // Routes and URLs, including the website field's "https://" placeholder.
      /^(https?:)?\/[\w\-/.:?=&#]*$/,
      // Translation keys and key prefixes passed to components that translate them.
      /^[a-z][\w-]*(\.[\w-]+)+$/,
    ],
  },
  // fadeIn and bind take a class name and a form field name.
  callees: { exclude: [...i18nextDefaults.callees.exclude, 'fadeIn', 'bind'] },
};

/**
 * Packages talk only through declared contracts: the shell loads remotes at run time and never
 * imports them; remotes never import the shell or each other; shared packages import no app.
 * Outside tests, routing comes from the shared-router singleton and the React binding of i18next
 * from shared-i18n: a direct react-router or react-i18next import would bring a second copy (its own
 * context) into the page.
 */
function onlyContracts(self, { inTests }) {
  const forbidden = APPS.filter((app) => app !== self);
  const patterns = [
    {
      group: forbidden.flatMap((app) => [app, `${app}/*`, `**/${app}/**`]),
      message: 'Packages talk through exposed modules, shared-i18n, site-config and typed props only.',
    },
  ];
  if (!inTests) {
    patterns.push({
      group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
      message: 'Import routing from shared-router, the one router every app shares.',
    });
    if (self !== 'shared-i18n') {
      patterns.push({
        group: ['react-i18next', 'react-i18next/*'],
        message:
          'Import useTranslation, Trans and I18nextProvider from shared-i18n, the one i18n binding every app shares.',
      });
    }
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

/**
 * Imports run downwards: build-tools is the floor every app is built with, so it imports no app
 * (what starts an app, like the composed site's local server, lives in the repository's scripts/).
 */
const buildToolsImportNoApp = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: APPS.flatMap((app) => [app, `${app}/*`, `**/${app}/**`]),
          message:
            'build-tools is imported by every app and imports none: move this to scripts/ or to the app.',
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.candidate/**',
      '.releases/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['build-tools/**/*.{js,mjs,cjs,ts}'],
    rules: buildToolsImportNoApp,
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['*/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', noLiteralCopy] },
  },
  ...[
    ...APPS,
    'shared-i18n',
    'site-config',
    'shared-theme',
    'remote-harness',
    'page-metadata',
    'shared-forms',
  ].flatMap((pkg) => [
    { files: [`${pkg}/src/**/*.{ts,tsx}`], rules: onlyContracts(pkg, { inTests: false }) },
    { files: [`${pkg}/src/**/*.test.{ts,tsx}`], rules: onlyContracts(pkg, { inTests: true }) },
  ]),
);
