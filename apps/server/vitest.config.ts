import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // each file creates its own database on one PostgreSQL (src/test/global-setup.ts); two at a time suits 2 cores
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
