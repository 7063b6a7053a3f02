import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedCluster, startEmbeddedPostgres, temporaryClusterDir } from '../db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the PostgreSQL server each test file creates its own database on */
    databaseServerUrl: string;
  }
}

let cluster: EmbeddedCluster | null = null;
let folder: string | null = null;

/**
 * The server's tests run on the engine `npm start` runs (ADR 0025): one embedded PostgreSQL for the whole
 * run, in a temporary folder on a free port, unless TEST_DATABASE_URL names a server to use instead.
 */
export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const clusterDir = temporaryClusterDir('school-test-pg-');
    folder = path.dirname(clusterDir);
    cluster = await startEmbeddedPostgres(clusterDir, { tcp: true });
    url = cluster.url('postgres');
  }
  project.provide('databaseServerUrl', url);
}

export async function teardown() {
  await cluster?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}
