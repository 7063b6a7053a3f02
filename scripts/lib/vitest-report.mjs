// How `npm test` counts a vitest JSON report (scripts/test-all.mjs).

/**
 * @typedef {{ name: string, status: string, message?: string, assertionResults: { title: string, status: string }[] }} FileResult
 * @typedef {{ testResults: FileResult[] }} VitestReport
 */

/**
 * Counts a vitest JSON report honestly: vitest reports the tests of a file whose hooks failed or timed
 * out as "skipped", and a file that could not load as no tests at all. Here every test of a failed file
 * that did not pass is a failure, and a failed file with no tests counts as one. (A test skipped on purpose in
 * such a file counts as failed too: the report cannot tell the two apart.)
 * @param {VitestReport} report
 */
export function countReport(report) {
  /** @type {string[]} */
  const broken = [];
  const counts = { passed: 0, failed: 0, skipped: 0, broken };
  for (const file of report.testResults) {
    const passed = file.assertionResults.filter((a) => a.status === 'passed').length;
    const failed = file.assertionResults.filter((a) => a.status === 'failed').length;
    const other = file.assertionResults.length - passed - failed;
    counts.passed += passed;
    // failed outside its tests: a hook, a time-out or the file's loading (vitest then says why, or no test failed)
    if (file.status === 'failed' && (file.message || failed === 0)) {
      const lost = Math.max(other, 1);
      counts.failed += failed + lost;
      counts.broken.push(`${file.name} failed outside its tests (${lost} counted as failed): ${(file.message ?? '').split('\n')[0]}`);
    } else {
      counts.failed += failed;
      counts.skipped += other;
    }
  }
  return counts;
}
