// Lints the project's own code. The review engine's ESLint setup is separate (server/src/engine/review).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test/fixtures/**',
      '**/*.vsix',
      'coverage/**',
      '.scratch/**',
      '.cache/**',
      'test-results/**',
      'test/e2e/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        setTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['media/**/*.js'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', acquireVsCodeApi: 'readonly' } },
  },
);
