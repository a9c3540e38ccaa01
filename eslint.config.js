import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'completions/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', AbortController: 'readonly', fetch: 'readonly', Buffer: 'readonly', performance: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', Response: 'readonly', Request: 'readonly', Headers: 'readonly', structuredClone: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', queueMicrotask: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error'],
    },
  },
  { files: ['scripts/**', 'bin/**', 'test/**'], rules: { 'no-console': 'off' } },
);
