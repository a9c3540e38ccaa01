import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.DGW_TEST_JSON ? ['default', ['json', { outputFile: process.env.DGW_TEST_JSON }]] : ['default'],
  },
});
