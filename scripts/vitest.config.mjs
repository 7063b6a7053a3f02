// The tests of the repository's own scripts (`npm test` runs them as the suite "scripts").
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['lib/*.test.mjs'] } });
