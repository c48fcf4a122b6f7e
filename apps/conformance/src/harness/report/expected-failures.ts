import type { ScenarioResult } from '../types.js';

// The referee's expected-failures format, so one file can serve both tools:
//   server:
//     # why it fails
//     - scenario-id
//   client:
//     - scenario-id
// A section with no entries is written `server: []` (the referee wants a list there, not null).
// Quote an entry that has spaces (matrix pairs: "server × client"). An entry may name a revision too (`scenario-id@2026-07-28`); without one it covers every revision.

export type ExpectedFailures = Record<string, Set<string>>;

export function parseExpectedFailures(text: string, source = 'expected-failures file'): ExpectedFailures {
  const sections: ExpectedFailures = {};
  let current: Set<string> | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/\s+#.*$/, '').trimEnd();
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    const section = /^([A-Za-z][\w-]*):\s*(\[\s*\])?$/.exec(line);
    if (section?.[1] !== undefined) {
      current = sections[section[1]] ?? new Set();
      sections[section[1]] = current;
      // `name: []` is complete: an entry after it is a mistake, not part of the list.
      if (section[2] !== undefined) current = undefined;
      return;
    }
    const item = /^\s+-\s+(?:"([^"]+)"|'([^']+)'|(\S+))\s*$/.exec(line);
    const entry = item?.[1] ?? item?.[2] ?? item?.[3];
    if (entry !== undefined && current !== undefined) {
      current.add(entry);
      return;
    }
    throw new Error(
      `${source}, line ${index + 1}: expected "<section>:" or "  - <scenario-id>" under a section, got ${JSON.stringify(raw)}`,
    );
  });
  return sections;
}

export interface ExpectationOutcome {
  results: ScenarioResult[];
  /** Failures not listed in the file. */
  unexpectedFailures: ScenarioResult[];
  /** Listed entries whose scenarios ran and passed: the file is stale. */
  stalePasses: string[];
}

function keyMatches(entry: string, result: ScenarioResult): boolean {
  const [scenario, revision] = entry.split('@');
  return scenario === result.scenario && (revision === undefined || revision === result.revision);
}

/** Marks listed failures as expected; a listed entry whose scenarios all passed is reported as stale. */
export function applyExpectedFailures(
  results: readonly ScenarioResult[],
  listed: ReadonlySet<string> = new Set(),
): ExpectationOutcome {
  const marked = results.map((result) => {
    const expected = [...listed].some((entry) => keyMatches(entry, result));
    return expected && result.verdict === 'fail' ? { ...result, expectedFailure: true } : result;
  });
  const stalePasses = [...listed].filter((entry) => {
    const covered = marked.filter((result) => keyMatches(entry, result));
    return covered.length > 0 && covered.every((result) => result.verdict === 'pass');
  });
  return {
    results: marked,
    unexpectedFailures: marked.filter((result) => result.verdict === 'fail' && !result.expectedFailure),
    stalePasses,
  };
}
