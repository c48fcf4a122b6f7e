// Every export of this file is public API (of a private app: for scripts that reuse the suite).

export { ratio, type Summary, summarize } from './harness/stats.js';
export { type RawWorkloadRecord, runWorkload, toWorkloadResult } from './harness/suite.js';
// Workloads and how they are run
export {
  IMPLS,
  type ImplName,
  WORKLOADS,
  type WorkloadParams,
  type WorkloadSpec,
} from './harness/workloads.js';

// Bundle sizes
export { measureProbe, SIZE_PROBES, type SizeProbe, type SizeResult } from './size/bundle.js';
