import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['./test/global-setup.ts'],
  },
});
