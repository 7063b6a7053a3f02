import http from 'node:http';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseMemoryWhenQuiet } from './idle-memory';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

describe('releaseMemoryWhenQuiet', () => {
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  const server = () => {
    const s = http.createServer((_request, response) => response.end('ok'));
    servers.push(s);
    return s;
  };
  // every look counts as quiet unless a request came in (the test machine's event loop may be busy)
  const always = { growth: 0, idleUtilization: 2 };

  it('collects twice once the server is quiet, once more after more quiet looks, then waits for the heap to grow', async () => {
    let collections = 0;
    // a test worker's heap is over 16 MiB: the first look releases what it holds
    const stop = releaseMemoryWhenQuiet(server(), { ...always, growth: 16 * 1024 * 1024, intervalMs: 20, later: 10, collect: () => collections++ });
    try {
      await until(() => collections > 0);
      expect(collections).toBe(2); // the third comes 10 looks (200 ms) later
      await until(() => collections > 2);
      await sleep(200);
      expect(collections).toBe(3); // and no more: the heap did not grow 16 MiB past its size after the third
    } finally {
      stop();
    }
  });

  it('never collects while requests keep coming', async () => {
    const s = server();
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const { port } = s.address() as { port: number };
    let collections = 0;
    const stop = releaseMemoryWhenQuiet(s, { ...always, intervalMs: 300, collect: () => collections++ });
    try {
      const end = Date.now() + 1200;
      const client = async () => {
        while (Date.now() < end) await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
      };
      await Promise.all([client(), client(), client()]);
      expect(collections).toBe(0);
    } finally {
      stop();
    }
  });

  it("runs V8's full collection without --expose-gc", async () => {
    const majors: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(1);
    });
    observer.observe({ entryTypes: ['gc'] });
    const stop = releaseMemoryWhenQuiet(server(), { ...always, intervalMs: 20 });
    try {
      await until(() => majors.length > 0);
    } finally {
      stop();
      observer.disconnect();
    }
  });
});
