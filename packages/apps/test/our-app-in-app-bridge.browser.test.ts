// Interop, the other way: our app side (the example's counter app, @mcpkit/apps/app) inside the
// ext-apps SDK's host bridge (AppBridge, test/fixtures/app-bridge-host.ts) in headless Chromium,
// through the spec's main flows: the handshake, tool input and result, a tools/call from a click,
// ui/message, a host-context change, and the bridge's ui/resource-teardown.
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningExample, startExample } from '../example/serve.mjs';
import { launchChromium, watchProblems } from './helpers/chromium.js';

const hostEntry = fileURLToPath(new URL('./fixtures/app-bridge-host.ts', import.meta.url));

// A browser, three servers and many round trips: more time than a unit test on a loaded 2-core machine.
describe('our app inside the ext-apps AppBridge (Chromium, headless)', { timeout: 120_000 }, () => {
  let browser: Browser | undefined;
  let example: RunningExample | undefined;
  afterAll(async () => {
    await browser?.close();
    await example?.close();
  });

  it('completes the handshake, shows the tool result, calls a server tool on a click and follows the host context', async () => {
    example = await startExample({ port: 0, hostEntry });
    browser = await launchChromium();
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(example.url, { timeout: 20_000 });
    await page.waitForSelector('body[data-status="ready"], body[data-status="failed"]', { timeout: 30_000 });
    const log = async () => (await page.locator('#log').textContent()) ?? '';
    expect(
      await page.locator('body').getAttribute('data-status'),
      `${await log()}\n${problems.join('\n')}`,
    ).toBe('ready');
    expect(await log()).toContain('app mcpkit-counter initialized');

    const app = page.frameLocator('#app > iframe').frameLocator('iframe');
    await expect.poll(() => app.locator('#count').textContent(), { timeout: 20_000 }).toBe('0');
    expect(await app.locator('#status').textContent()).toBe('input {}');

    await app.locator('#increment').click();
    await expect.poll(() => app.locator('#count').textContent(), { timeout: 20_000 }).toBe('1');

    await app.locator('#say').click();
    await expect
      .poll(log, { timeout: 20_000 })
      .toContain('ui/message: [{"type":"text","text":"The count is 1"}]');

    await page.locator('#theme').click();
    await expect.poll(() => app.locator('body').getAttribute('class'), { timeout: 20_000 }).toBe('dark');

    await page.locator('#close').click();
    await page.waitForSelector('body[data-status="closed"]', { timeout: 20_000 });
    expect(await page.locator('iframe').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
