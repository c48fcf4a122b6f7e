import { type Outcome, RESULT_PREFIX } from '../harness/outcome.js';
import { findWorkload, isImplName } from '../harness/workloads.js';
import { measure, transportOf } from './measure.js';
import { assertImplReady, NotReadyError } from './targets.js';

// One measurement per process: `node driver.js <workload> <impl> <smoke|full>`. A fresh process
// per measurement keeps one SDK's heap, JIT state and open handles from skewing another's figure.
// The outcome is the last stdout line, prefixed with RESULT_PREFIX.

const [workloadName = '', implName = '', mode = 'full'] = process.argv.slice(2);
const spec = findWorkload(workloadName);
if (!isImplName(implName)) throw new Error(`unknown implementation "${implName}"`);
const params = mode === 'smoke' ? spec.smoke : spec.full;

const emit = (outcome: Outcome) => process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(outcome)}\n`);
try {
  await assertImplReady(implName, transportOf(spec));
  const measurement = await measure(spec, implName, params);
  emit({ status: 'ok', ...measurement });
  process.exit(0);
} catch (error) {
  if (error instanceof NotReadyError) {
    emit({ status: 'n/a', reason: error.message });
    process.exit(0);
  }
  emit({ status: 'error', reason: (error as Error).stack ?? String(error) });
  process.exit(1);
}
