// A pool worker with a probe, for bench/refactorPoolGap.ts: the same worker (dist/engineWorker.js,
// started by the pool with its own flags), which also appends to the file CODEWRIGHT_PROBE_FILE one
// line per full collection (`@gc <epoch ms> <pause ms>`) and, with CODEWRIGHT_PROBE_TRACE set, V8's
// `--trace-opt --trace-deopt` lines (each line opened, appended and closed by V8, so they interleave
// in order with the bench's own marks). Nothing is sent to the pool: its protocol is untouched.
'use strict';
const { appendFileSync } = require('node:fs');
const { join } = require('node:path');
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');
const v8 = require('node:v8');

const file = process.env.CODEWRIGHT_PROBE_FILE;
if (file) {
  if (process.env.CODEWRIGHT_PROBE_TRACE) {
    for (const flag of ['--trace-opt', '--trace-deopt', '--redirect-code-traces'])
      v8.setFlagsFromString(flag);
    v8.setFlagsFromString(`--redirect-code-traces-to=${file}`);
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      const at = performance.timeOrigin + entry.startTime;
      appendFileSync(file, `@gc ${at.toFixed(1)} ${entry.duration.toFixed(1)}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}

// The worker lowers its priority (worker.ts). On a machine loaded by others that stretches a
// 10,000-line request's wall past the refactor's own 20 s budget, which then stops it early and
// changes the answer: CODEWRIGHT_PROBE_NO_NICE keeps the priority, so CPU can be compared on
// identical answers.
if (process.env.CODEWRIGHT_PROBE_NO_NICE) require('node:os').setPriority = () => undefined;

require(process.env.CODEWRIGHT_PROBE_WORKER ?? join(__dirname, '..', 'dist', 'engineWorker.js'));
