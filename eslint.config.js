// Lint rules: the recommended sets of ESLint and typescript-eslint, plus the project's layering
// rule (src/ is a library and must not reach for the CLI or UI packages).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['ink', 'react', 'commander', 'ink-testing-library'].map((name) => ({
          name,
          message: 'src/ is the library: CLI and UI packages belong in cli/.',
        })),
      }],
    },
  },
);
