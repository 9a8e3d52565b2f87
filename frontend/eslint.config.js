// Lint for the SPA, run by `npm run lint` (and so by ./scripts/test.sh) with zero warnings allowed.
// Besides TypeScript's recommended rules it holds the layout of docs/architecture.md: imports flow
// app → features → shared, a feature never imports another feature, nothing imports in a circle,
// hooks follow React's rules, JSX passes jsx-a11y's recommended checks, the component tests use
// Testing Library as it is meant to be used, and every file and folder under src is named in kebab-case.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import checkFile from 'eslint-plugin-check-file'
import { importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import testingLibrary from 'eslint-plugin-testing-library'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const root = import.meta.dirname

/** Every folder of src/features: each gets a zone that keeps the others out. */
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** Code every layer may use; it imports neither features nor the app. */
const shared = ['./src/components', './src/lib', './src/config', './src/types']

export default defineConfig([
  globalIgnores(['dist', 'coverage', 'e2e-artifacts', 'src/types/api.gen.ts']),
  {
    files: ['**/*.{ts,tsx}'],
    // No globals list: tsc checks names, and typescript-eslint turns no-undef off for TypeScript.
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // `const { secret: _secret, ...rest } = x` is how a copy leaves a field out, as tsc allows.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'check-file': checkFile },
    settings: {
      // Which files import-x reads and parses as TypeScript; '@/…' resolves through tsconfig's paths.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.app.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature imports only itself and shared code; compose features in src/app.',
            })),
            { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
            { target: shared, from: ['./src/features', './src/app'], message: 'Shared code imports neither features nor the app.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Schemas take `z` from src/lib/zod.ts, which sets zod up for the page's CSP first.
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import { z } from '@/lib/zod'." }] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'check-file/filename-naming-convention': ['error', { 'src/**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'src/**/!(__tests__)/': 'KEBAB_CASE' }],
    },
  },
  { files: ['src/lib/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  // WCAG checks a linter can make on JSX (labels, alt text, keyboard handlers beside clicks); the
  // rest is axe-core's, run on every page in the e2e journeys (e2e/clean-console.e2e.ts).
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on a component is its own prop (NotificationBell's "student" | "startup").
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // A radio's label wraps the input and a name two spans down (find-students-field.tsx).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  // Testing Library's rules for React, on the component tests (Vitest): queries through `screen`,
  // awaited async queries and events, no reaching into the DOM where a query by role or text says
  // what a person sees. The journeys in e2e/ drive a browser with Playwright and are not theirs.
  {
    files: ['src/**/__tests__/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    settings: {
      // The helpers that return render's result. Left to itself the plugin takes every render…
      // function for one, but renderLandingHtml returns a string and dashboard-route.test.tsx's
      // renderRoute a QueryClient.
      'testing-library/custom-renders': ['renderApp', 'renderWithRouter', 'renderNavbar', 'renderView', 'renderInRouter', 'renderAt'],
    },
  },
])
