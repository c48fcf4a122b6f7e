import { type Outcome, RESULT_PREFIX } from '../harness/outcome.js';
import { findWorkload, isImplName } from '../harness/workloads.js';
import { measure, transportOf } from './measure.js';
import { assertImplReady, NotReadyError } from './targets.js';

// `node driver.js <workload[,workload...]> <impl> <smoke|full>`. The full suite runs one
// measurement per process, so one SDK's heap, JIT state and open handles never skew another's
// figure; smoke mode batches workloads to keep the suite quick. Each outcome is one stdout line:
// RESULT_PREFIX followed by JSON with the workload name.

const [workloadNames = '', implName = '', mode = 'full'] = process.argv.slice(2);
if (!isImplName(implName)) throw new Error(`unknown implementation "${implName}"`);
const specs = workloadNames.split(',').map(findWorkload);

const emit = (workload: string, outcome: Outcome) =>
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify({ workload, ...outcome })}\n`);

let failed = false;
for (const spec of specs) {
  if (spec.impls && !spec.impls.includes(implName)) {
    emit(spec.name, { status: 'n/a', reason: `not supported: ${implName} cannot run ${spec.name}` });
    continue;
  }
  try {
    await assertImplReady(implName, transportOf(spec));
    const measurement = await measure(spec, implName, mode === 'smoke' ? spec.smoke : spec.full);
    emit(spec.name, { status: 'ok', ...measurement });
  } catch (error) {
    if (error instanceof NotReadyError) emit(spec.name, { status: 'n/a', reason: error.message });
    else {
      failed = true;
      emit(spec.name, { status: 'error', reason: (error as Error).stack ?? String(error) });
    }
  }
}
// Exit explicitly: an SDK may leave handles (timers, sockets) open after close.
process.exit(failed ? 1 : 0);
