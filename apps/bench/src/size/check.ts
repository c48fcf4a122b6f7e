import { kib, measureProbe, SIZE_PROBES } from './bundle.js';

// `pnpm -C apps/bench run size`: measures every probe, lists the heaviest inputs, and exits
// non-zero when an mcpkit bundle exceeds its gzipped budget (the same check as size-budget.test.ts).

let overBudget = 0;
for (const probe of SIZE_PROBES) {
  const result = await measureProbe(probe);
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
process.exitCode = overBudget > 0 ? 1 : 0;
