import { it } from 'vitest';
import { measureProbe, SIZE_PROBES } from './bundle.js';
it('prints', async () => { for (const probe of SIZE_PROBES) { const r = await measureProbe(probe); console.log('SIZE', probe.name, r.gzipBytes, probe.budgetGzipBytes); } });
