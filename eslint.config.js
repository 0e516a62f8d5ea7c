// @ts-check
/**
 * `npm run lint` (part of `npm test`): ESLint's recommended rules for JavaScript and TypeScript, the
 * rules of React hooks, and nothing about layout, which is Prettier's (`.prettierrc.json`).
 * TypeScript's own checks (`npm run typecheck`) cover types; these catch what the compiler allows.
 */
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'public/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The two rules of hooks, for the shop's React code (tests' `use` is Playwright's fixture, not a
    // hook); the React Compiler's stricter rules are not used (no compiler here).
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      // Input rules refuse control characters on purpose (app/lib/schemas/text.ts).
      'no-control-regex': 'off',
      // Unused on purpose: a name with a leading underscore (Express's error handler's `next`), or a property
      // taken out of an object to leave the rest (`const { createdAt, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The fakes and test clients stand in for services' untyped JSON.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
