import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // each file opens its own PGlite (~2 s) or PostgreSQL database; two at a time suits 2 cores
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
