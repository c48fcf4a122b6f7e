// A browser: a page bundled with esbuild uses @mcpkit/client + @mcpkit/transport-http-client
// against our Node HTTP server on another origin (CORS on), in Debian's Chromium, headless. The
// test reads the tool results from the DOM and keeps a screenshot of each page in test-output/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, serveMcpWithCors, servePage } from './test-helpers/browser.js';
import { appDir, fixture } from './test-helpers/runtimes.js';

const OUTPUT_DIR = join(appDir, 'test-output');

describe('browser (Chromium, headless)', () => {
  let browser: Browser | undefined;
  let page: Awaited<ReturnType<typeof servePage>> | undefined;
  let mcp: Awaited<ReturnType<typeof serveMcpWithCors>> | undefined;

  // Set up by the first test, not in beforeAll: a missing Chromium then fails each test with its
  // message instead of marking them skipped.
  let setup: Promise<void> | undefined;
  const ready = () => {
    setup ??= (async () => {
      const executablePath = chromiumPath();
      page = await servePage(fixture('browser-page'));
      mcp = await serveMcpWithCors(page.origin);
      // Root in a container: Chromium's sandbox needs user namespaces it may not have.
      browser = await chromium.launch({ executablePath, args: ['--no-sandbox'], timeout: 30_000 });
    })();
    return setup;
  };

  afterAll(async () => {
    await browser?.close();
    await mcp?.close();
    await page?.close();
  });

  for (const version of ['2026-07-28', '2025-11-25'] as const) {
    it(`shows the tool results of our client at ${version} in the DOM`, async () => {
      await ready();
      const tab = await browser!.newPage();
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      tab.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      try {
        const query = new URLSearchParams({ endpoint: mcp!.url.href, version });
        await tab.goto(`${page!.origin}/?${query}`, { timeout: 20_000 });
        await tab.waitForSelector('body[data-state]', { timeout: 20_000 });
        mkdirSync(OUTPUT_DIR, { recursive: true });
        await tab.screenshot({ path: join(OUTPUT_DIR, `browser-${version}.png`), fullPage: true });

        const text = async (id: string) => (await tab.locator(`#${id}`).textContent()) ?? '';
        expect(await text('error'), problems.join('\n')).toBe('');
        expect(await tab.locator('body').getAttribute('data-state')).toBe('done');
        expect(await text('client-runtime')).toMatch(/^browser .*HeadlessChrome/);
        expect(await text('protocol-version')).toBe(version);
        expect(await text('tools')).toBe('echo, runtime, count');
        expect(await text('echo')).toBe('hello from the browser');
        expect(await text('server-runtime')).toBe(`node ${process.version}`);
        expect(await text('count')).toBe('counted (progress 1 2 3)');
        expect(problems).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
