import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCENARIOS } from '../client-mode/scenarios.js';
import { SERVER_SCENARIO_IDS } from '../server-scenarios/run-server-mode.js';
import type { ScenarioResult } from '../types.js';
import { renderReportHtml } from './html.js';
import { renderReportMarkdown } from './markdown.js';
import { setAsideMissingFixtures } from './referee-fixtures.js';
import { readRefereeResults } from './referee-results.js';
import { CLIENT_RULES, SERVER_RULES, specLink } from './rules.js';
import { buildReport } from './summary.js';

// Every report format carries the same findings: each row's rule, severity and spec link, the
// counts by revision and by severity, the target once. Issue 36.

/** The spec pages the project holds (/work/shared/reference/spec), as site paths without `.mdx`. */
const SPEC_PAGES = {
  '2025-11-25': [
    'basic/authorization',
    'basic/index',
    'basic/lifecycle',
    'basic/transports',
    'basic/utilities/cancellation',
    'basic/utilities/ping',
    'basic/utilities/progress',
    'basic/utilities/tasks',
    'client/elicitation',
    'client/roots',
    'client/sampling',
    'schema',
    'server/index',
    'server/prompts',
    'server/resources',
    'server/tools',
    'server/utilities/completion',
    'server/utilities/logging',
    'server/utilities/pagination',
  ],
  '2026-07-28': [
    'basic/index',
    'basic/patterns/cancellation',
    'basic/patterns/mrtr',
    'basic/patterns/progress',
    'basic/patterns/subscriptions',
    'basic/transports/index',
    'basic/transports/stdio',
    'basic/transports/streamable-http',
    'basic/versioning',
    'client/elicitation',
    'client/roots',
    'client/sampling',
    'schema',
    'server/discover',
    'server/index',
    'server/prompts',
    'server/resources',
    'server/tools',
    'server/utilities/caching',
    'server/utilities/completion',
    'server/utilities/logging',
    'server/utilities/pagination',
  ],
} as const;

const result = (
  scenario: string,
  verdict: ScenarioResult['verdict'],
  revision: string,
  detail?: string,
): ScenarioResult => ({
  scenario,
  target: 'node server.js',
  revision,
  source: 'mcpkit',
  verdict,
  checks: [{ id: 'c', verdict, ...(detail ? { detail } : {}) }],
  durationMs: 1,
});

const results = [
  result('tools-list', 'pass', '2025-11-25'),
  result('tools-call-unknown-tool', 'fail', '2025-11-25', 'answered -32601 (Method not found)'),
  result('cache-hints-2026', 'fail', '2026-07-28', 'tools/list has no ttlMs: {"tools":[]}'),
  result('prompts-get', 'not-applicable', '2026-07-28', 'the server declares no prompts capability'),
];

describe('rules', () => {
  it('every server and client scenario has a rule whose pages are spec pages the project holds', () => {
    for (const id of SERVER_SCENARIO_IDS) expect(SERVER_RULES[id], id).toBeDefined();
    for (const scenario of CLIENT_SCENARIOS) expect(CLIENT_RULES[scenario.id], scenario.id).toBeDefined();
    for (const rule of [...Object.values(SERVER_RULES), ...Object.values(CLIENT_RULES)])
      for (const [tree, page] of Object.entries(rule.pages)) {
        const path = page.split('#')[0] ?? '';
        expect(SPEC_PAGES[tree as keyof typeof SPEC_PAGES], `${rule.rule}: ${tree}/${page}`).toContain(path);
      }
  });

  it('links the revision of the result, and older revisions to the 2025-11-25 text', () => {
    const pages = { '2025-11-25': 'server/tools', '2026-07-28': 'server/tools#output-schema' };
    expect(specLink(pages, '2026-07-28')).toBe(
      'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema',
    );
    expect(specLink(pages, '2024-11-05')).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/server/tools',
    );
    expect(specLink({ '2026-07-28': 'basic/patterns/mrtr' }, undefined)).toBe(
      'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr',
    );
  });
});

describe('report formats', () => {
  const report = buildReport('server', new Date(0), results);

  it('JSON: each row and check carries rule, severity and link; counts by revision and severity; one target', () => {
    const failed = report.results[1];
    expect(failed?.severity).toBe('SHOULD');
    expect(failed?.rule).toMatch(/unknown tool is a protocol error -32602/);
    expect(failed?.spec).toBe('https://modelcontextprotocol.io/specification/2025-11-25/server/tools');
    expect(failed?.checks[0]).toMatchObject({ severity: 'SHOULD', spec: failed?.spec });
    expect(report.byRevision).toEqual({
      '2025-11-25': { passed: 1, failed: 1, notApplicable: 0 },
      '2026-07-28': { passed: 0, failed: 1, notApplicable: 1 },
    });
    expect(report.bySeverity).toEqual({
      MUST: { passed: 1, failed: 1, notApplicable: 1 },
      SHOULD: { passed: 0, failed: 1, notApplicable: 0 },
    });
    expect(report.target).toBe('node server.js');
  });

  it('Markdown: totals, both tables, each failure with severity, rule, link and what was seen', () => {
    const markdown = renderReportMarkdown(report);
    expect(markdown).toContain(
      'Mode **server** against `node server.js`, run at 1970-01-01T00:00:00.000Z: **1 passed, 2 failed, 1 not applicable**.',
    );
    expect(markdown).toContain(
      '| revision | passed | failed | not applicable |\n| --- | ---: | ---: | ---: |\n| 2025-11-25 | 1 | 1 | 0 |\n| 2026-07-28 | 0 | 1 | 1 |',
    );
    expect(markdown).toContain('| MUST | 1 | 1 | 1 |\n| SHOULD | 0 | 1 | 0 |');
    expect(markdown).toContain(
      '- ✗ `cache-hints-2026` (2026-07-28) — **MUST**: Cacheable 2026-07-28 results carry ttlMs and cacheScope ([spec](https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching))\n  - `c`: `tools/list has no ttlMs: {"tools":[]}`',
    );
    expect(markdown).toContain('- `prompts-get` (2026-07-28): the server declares no prompts capability');
    expect(markdown.match(/node server\.js/g)).toHaveLength(1);
  });

  it('Markdown writes the same fault at several revisions as one bullet naming them, a different one apart', () => {
    const repeated = buildReport('server', new Date(0), [
      result('error-malformed-json', 'fail', '2024-11-05', 'no JSON-RPC error came back'),
      result('error-malformed-json', 'fail', '2025-06-18', 'no JSON-RPC error came back'),
      result('error-malformed-json', 'fail', '2025-11-25', 'answered -32603'),
    ]);
    const markdown = renderReportMarkdown(repeated);
    expect(markdown).toContain('- ✗ `error-malformed-json` (2024-11-05, 2025-06-18)');
    expect(markdown).toContain('- ✗ `error-malformed-json` (2025-11-25)');
    expect(markdown.match(/- ✗ /g)).toHaveLength(2);
    expect(markdown).toContain('**0 passed, 3 failed, 0 not applicable**');
  });

  it('Markdown names the target on each row only when rows have different targets', () => {
    const mixed = buildReport('server', new Date(0), [
      results[1] as ScenarioResult,
      { ...(results[2] as ScenarioResult), target: 'http://127.0.0.1:3000/mcp' },
    ]);
    expect(mixed.target).toBeUndefined();
    expect(renderReportMarkdown(mixed)).toContain(
      '`tools-call-unknown-tool` (2025-11-25) on `node server.js`',
    );
  });

  it('HTML: severity and spec link per row, tallies, and no target column when there is one target', () => {
    const html = renderReportHtml(report);
    expect(html).toContain('<caption>By revision</caption>');
    expect(html).toContain('<caption>By severity</caption>');
    expect(html).toContain(
      '<td>SHOULD</td><td>tools/call of an unknown tool is a protocol error -32602, not a result <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools">spec</a></td>',
    );
    expect(html).not.toContain('<th>target</th>');
    expect(html).toContain(', target <code>node server.js</code>');
  });
});

describe('referee folding', () => {
  it("quotes the referee's own error where a scenario wrote no checks.json", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'referee-crash-'));
    try {
      await mkdir(join(dir, 'server-tools-list-2026-11-22T12-08-36-433Z'));
      const output =
        "Failed to run scenario ping: Error: another scenario's error\nStarting scenario: tools-list\n" +
        "Failed to run scenario tools-list: TypeError: Cannot read properties of undefined (reading 'tools')\n    at ToolsListScenario.run (dist/index.js:1:2)\n";
      const [row] = await readRefereeResults(dir, 'http://x/mcp', output);
      expect(row?.scenario).toBe('tools-list');
      expect(row?.checks[0]?.detail).toMatch(
        /^the referee wrote no .*checks\.json \(ENOENT\); the referee said: Failed to run scenario tools-list: TypeError: Cannot read properties of undefined \(reading 'tools'\) \| +at ToolsListScenario\.run/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sets apart referee rows whose scenario calls fixtures the target does not list, and keeps findings', () => {
    const referee = (scenario: string, verdict: ScenarioResult['verdict']): ScenarioResult => ({
      scenario,
      target: 'http://x/mcp',
      source: 'referee',
      verdict,
      checks: [{ id: scenario, verdict }],
      durationMs: 0,
    });
    const inventory = {
      tools: new Set(['test_simple_text']),
      prompts: new Set<string>(),
      resources: new Set<string>(),
      templates: ['test://template/{id}/data'],
    };
    const { findings, missingFixtures } = setAsideMissingFixtures(
      [
        referee('tools-call-simple-text', 'fail'),
        referee('tools-call-image', 'fail'),
        referee('prompts-get-simple', 'fail'),
        referee('resources-templates-read', 'fail'),
        referee('tools-list', 'fail'),
      ],
      inventory,
    );
    expect(findings.map((r) => r.scenario)).toEqual([
      'tools-call-simple-text',
      'resources-templates-read',
      'tools-list',
    ]);
    expect(missingFixtures.map((r) => [r.scenario, r.verdict, r.reason])).toEqual([
      [
        'tools-call-image',
        'not-applicable',
        "the referee's scenario calls tool test_image_content, which the target does not list (its own verdict: fail)",
      ],
      [
        'prompts-get-simple',
        'not-applicable',
        "the referee's scenario calls prompt test_simple_prompt, which the target does not list (its own verdict: fail)",
      ],
    ]);
  });
});
