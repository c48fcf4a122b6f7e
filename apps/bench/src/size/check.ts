import { kib, measureProbe, SIZE_PROBES } from './bundle.js';

// `pnpm -C apps/bench run size`: measures every probe, lists the heaviest inputs, and exits
// non-zero when an mcpkit bundle exceeds its gzipped budget (the same check as size-budget.test.ts).

let overBudget = 0;
const results = new Map<string, number>();
for (const probe of SIZE_PROBES) {
  const result = await measureProbe(probe);
  results.set(probe.name, result.gzipBytes);
  const budget = probe.budgetGzipBytes;
  const verdict =
    budget === undefined
      ? ''
      : result.gzipBytes <= budget
        ? ` (budget ${kib(budget)}: ok)`
        : ` (budget ${kib(budget)}: OVER)`;
  if (budget !== undefined && result.gzipBytes > budget) overBudget++;
  console.log(
    `${probe.name}: ${kib(result.rawBytes)} raw, ${kib(result.minifiedBytes)} minified, ${kib(result.gzipBytes)} gzipped${verdict}`,
  );
  for (const input of result.heaviestInputs)
    console.log(`  ${kib(input.bytes).padStart(10)}  ${input.input}`);
}
// The same program on another SDK, for the probes that have one (issue #39: at most half).
const mcpkitApp = results.get('mcpkit-app');
const extAppsApp = results.get('ext-apps-app');
if (mcpkitApp !== undefined && extAppsApp !== undefined)
  console.log(
    `mcpkit-app / ext-apps-app: ${((mcpkitApp / extAppsApp) * 100).toFixed(1)}% gzipped (target: at most 50%)`,
  );
process.exitCode = overBudget > 0 ? 1 : 0;
