import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../types.js';
import { runClientMode } from './run-client-mode.js';

// Client mode on clients it did not grow up with: the official SDK v2 and v1 clients (written the
// documented way in sdk-clients/) and the referee fixture client. Their verdicts pin that the
// checks hold for other implementations (no false failures) and say "not applicable" where a
// client lacks a feature. 36 short client runs over HTTP, three clients at a time.

const distDir = fileURLToPath(new URL('../../../dist/', import.meta.url));
const command = (relative: string) =>
  [process.execPath, join(distDir, relative)].map((part) => JSON.stringify(part)).join(' ');
/**
 * Verdicts by scenario, without mcp-name-base64, which each client's assertion names apart: the
 * official clients here read no resource in it (not applicable to them); the fixture client is
 * mcpkit's, which encodes the name (header-checks.test.ts tests the check itself).
 */
const verdicts = (results: ScenarioResult[]) =>
  Object.fromEntries(
    results
      .filter((result) => result.scenario !== 'mcp-name-base64')
      .map((result) => [result.scenario, result.verdict]),
  );
const nameEncoding = (results: ScenarioResult[]) =>
  results.find((result) => result.scenario === 'mcp-name-base64')?.verdict;

const ALL_PASS = {
  initialize: 'pass',
  'version-negotiation': 'pass',
  'protocol-version-header': 'pass',
  tools_call: 'pass',
  ping: 'pass',
  'unknown-server-request': 'pass',
  sampling: 'pass',
  elicitation: 'pass',
  roots: 'pass',
  'sse-retry': 'pass',
  'meta-envelope-2026': 'pass',
  'mrtr-2026': 'pass',
};

describe('client mode on SDK clients', () => {
  it('official v2 passes everything, v1 everything but 2026-07-28, the referee fixture client what it declares', async () => {
    const [v2, v1, fixture] = await Promise.all([
      runClientMode({ command: command('harness/client-mode/sdk-clients/official-v2-client.js') }),
      runClientMode({ command: command('harness/client-mode/sdk-clients/official-v1-client.js') }),
      runClientMode({ command: command('fixtures/client/main.js') }),
    ]);
    expect(verdicts(v2)).toEqual(ALL_PASS);
    expect([nameEncoding(v2), nameEncoding(v1), nameEncoding(fixture)]).toEqual([
      'not-applicable',
      'not-applicable',
      'pass',
    ]);
    // v1 predates 2026-07-28: it initializes, which client mode reports as not applicable, not failed.
    expect(verdicts(v1)).toEqual({
      ...ALL_PASS,
      'meta-envelope-2026': 'not-applicable',
      'mrtr-2026': 'not-applicable',
    });
    // The referee fixture client answers elicitation only (no sampling or roots handlers) and has
    // no mrtr-2026 action, so it never calls the tool that asks.
    expect(verdicts(fixture)).toEqual({
      ...ALL_PASS,
      sampling: 'not-applicable',
      roots: 'not-applicable',
      'mrtr-2026': 'not-applicable',
    });
  }, 120_000);
});
