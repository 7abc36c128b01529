import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const APPS = ['shell', 'remote-marketing', 'remote-booking', 'remote-contact'];

/**
 * Packages talk only through declared contracts: the shell loads remotes at run time and never
 * imports them; remotes never import the shell or each other; shared packages import no app.
 */
function onlyContracts(self) {
  const forbidden = APPS.filter((app) => app !== self);
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: forbidden.flatMap((app) => [app, `${app}/*`, `**/${app}/**`]),
            message: 'Packages talk through exposed modules, shared-i18n, site-config and typed props only.',
          },
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.candidate/**',
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
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  ...[...APPS, 'shared-i18n', 'site-config', 'shared-theme', 'remote-harness'].map((pkg) => ({
    files: [`${pkg}/src/**/*.{ts,tsx}`],
    rules: onlyContracts(pkg),
  })),
);
