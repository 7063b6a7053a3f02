import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

export interface QuietRelease {
  /** how often the server is looked at (ms) */
  intervalMs?: number;
  /** how much the heap must have grown since the last release (bytes) */
  growth?: number;
  /** the event loop's busy share under which the process counts as quiet (0 … 1) */
  idleUtilization?: number;
  /** after how many more quiet looks the young generation is given back */
  later?: number;
  /** V8's full collection (tests pass their own) */
  collect?: () => void;
}

/**
 * Gives back the memory a busy spell grew the JavaScript heap to, once the server is quiet (ADR 0025,
 * addendum of 2026-11-27). Under load V8 grows its heap (the dashboards at 50 clients: 140-230 MiB for
 * 45 MiB of live objects, 32 MiB of it the young generation) and keeps it until its memory reducer
 * decides, often a minute or more after the load ended.
 *
 * Here, once a second, the server counts as quiet when no request came in and the event loop was
 * nearly idle. On the first quiet look after the heap grew by `growth` since the last release (or since
 * the start), two full collections give back the old generation's garbage (one alone leaves half of the
 * fragmented pages: after the dashboards at 50 clients, 100 MiB of old generation → 53 → 48, 45 of it
 * live). After `later` more quiet looks in a row, one more also gives back the young generation (32 MiB
 * → 1), which V8 shrinks only when little was allocated over the last 5 s. A collection takes 30-60 ms
 * (longer on a busy machine) and runs only when no request is waiting, never under load. Answers a
 * function that stops it.
 */
export function releaseMemoryWhenQuiet(server: Server, options: QuietRelease = {}) {
  const { intervalMs = 1000, growth = 32 * 1024 * 1024, idleUtilization = 0.1, later = 6 } = options;
  const collect = options.collect ?? garbageCollector();
  const heapSize = () => v8.getHeapStatistics().total_heap_size;
  let requests = 0;
  let seen = 0;
  const onRequest = () => requests++;
  server.on('request', onRequest);
  let released = 0; // the heap's size after the last release; 0 releases what starting up left behind
  let laterIn = 0; // quiet looks until the young generation's collection (0: none pending)
  let loop = performance.eventLoopUtilization();
  const collectNow = () => {
    collect();
    loop = performance.eventLoopUtilization(); // the collection is not the server being busy
  };
  const timer = setInterval(() => {
    const quiet = requests === seen && performance.eventLoopUtilization(loop).utilization < idleUtilization;
    seen = requests;
    loop = performance.eventLoopUtilization();
    if (!quiet) {
      if (laterIn > 0) laterIn = later; // the quiet looks count in a row
      return;
    }
    if (heapSize() > released + growth) {
      collectNow();
      collectNow();
      released = heapSize();
      laterIn = later;
    } else if (laterIn > 0 && --laterIn === 0) {
      collectNow();
      released = heapSize();
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}

/**
 * V8's full collection. Without `--expose-gc` on the command line, the flag set now gives the next new
 * context a gc() that collects the whole isolate (what Jest does for --logHeapUsage); it is unset again.
 */
function garbageCollector(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
