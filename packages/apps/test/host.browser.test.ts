// Our host in headless Chromium: the example (example/serve.mjs: its counter server over Streamable
// HTTP, its host page using mountApp, the sandbox proxy on a second origin) with two apps: the
// example's own (@mcpkit/apps/app) and the same counter written with the ext-apps SDK's App (interop:
// the reference app SDK inside our host). For each: the handshake completes, the tool's input and
// result reach the app, a click calls a server tool through the host and the result shows in the
// app's DOM, a model-only tool is refused, a message forged by another window is ignored, the CSP
// blocks an undeclared connection, ui/message and host-context changes flow, and teardown leaves no
// listener and no iframe. A screenshot of the example is kept in test-output/example.png. Then the
// refusals: the proxy outside an allowed host, a message from the app's frame under another origin,
// a sandbox on the host page's own origin.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningExample, startExample } from '../example/serve.mjs';
import { launchChromium, messageListenerCount, OUTPUT_DIR, watchProblems } from './helpers/chromium.js';

const APPS = [
  {
    label: 'the example app (@mcpkit/apps/app)',
    appInfo: 'mcpkit-counter',
    appEntry: undefined,
    screenshot: 'example.png',
  },
  {
    label: "the ext-apps SDK's App",
    appInfo: 'ext-apps-counter',
    appEntry: fileURLToPath(new URL('./fixtures/ext-apps-counter-app.ts', import.meta.url)),
    screenshot: 'ext-apps-app-in-our-host.png',
  },
];

// A browser, three servers and many round trips: more time than a unit test on a loaded 2-core machine.
describe('our host in Chromium (headless)', { timeout: 120_000 }, () => {
  let browser: Browser | undefined;
  const examples: RunningExample[] = [];
  afterAll(async () => {
    await browser?.close();
    await Promise.all(examples.map((example) => example.close()));
  });

  it.each(APPS)(
    'runs $label: handshake, a click relayed to the server, a model-only tool refused, clean teardown',
    async ({ appInfo, appEntry, screenshot }) => {
      const example = await startExample({ port: 0, ...(appEntry ? { appEntry } : {}) });
      examples.push(example);
      browser ??= await launchChromium();
      const page = await browser.newPage({ viewport: { width: 820, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(example.url, { timeout: 20_000 });
      await page.waitForSelector('body[data-status="ready"], body[data-status="failed"]', {
        timeout: 30_000,
      });
      const log = async () => (await page.locator('#log').textContent()) ?? '';
      expect(
        await page.locator('body').getAttribute('data-status'),
        `${await log()}\n${problems.join('\n')}`,
      ).toBe('ready');

      // The host lists to the model what it may see: increment is for the app only.
      expect(await page.locator('#model-tools').textContent()).toBe('show_counter, reset_counter');
      expect(await log()).toContain(`app ${appInfo} initialized`);

      const outer = page.locator('#app > iframe');
      expect(await outer.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
      expect(new URL((await outer.getAttribute('src')) ?? '').origin).not.toBe(new URL(example.url).origin);
      const app = page.frameLocator('#app > iframe').frameLocator('iframe');
      // Tool input, then the tool's result, reached the app.
      await expect.poll(() => app.locator('#count').textContent(), { timeout: 20_000 }).toBe('0');
      expect(await app.locator('#status').textContent()).toBe('input {}');

      // The app runs under the CSP built from its resource (no csp metadata: the restrictive default):
      // a fetch to any origin, the host's included, is blocked.
      const appFrame = page.frames().find((frame) => frame.parentFrame()?.parentFrame() === page.mainFrame());
      expect(await log()).toContain("CSP: default-src 'none'; script-src 'self' 'unsafe-inline'");
      expect(
        await appFrame?.evaluate(() => document.querySelector('meta[http-equiv]')?.getAttribute('content')),
      ).toContain("connect-src 'none'");
      const hostUrl = example.url;
      expect(
        await appFrame?.evaluate(
          (url) =>
            fetch(url).then(
              () => 'fetched',
              (error: Error) => `blocked: ${error.name}`,
            ),
          hostUrl,
        ),
      ).toBe('blocked: TypeError');

      await app.locator('#increment').click();
      await expect.poll(() => app.locator('#count').textContent(), { timeout: 20_000 }).toBe('1');

      // A tools/call posted by another window (here the host page itself) is not the app's: ignored.
      await page.evaluate(() =>
        window.postMessage(
          {
            jsonrpc: '2.0',
            id: 7,
            method: 'tools/call',
            params: { name: 'increment', arguments: { by: 50 } },
          },
          '*',
        ),
      );
      await app.locator('#increment').click();
      await expect.poll(() => app.locator('#count').textContent(), { timeout: 20_000 }).toBe('2');

      await app.locator('#forbidden').click();
      await expect
        .poll(() => app.locator('#error').textContent(), { timeout: 20_000 })
        .toContain('tool reset_counter is not callable by apps');

      await page.locator('#theme').click();
      await expect.poll(() => app.locator('body').getAttribute('class'), { timeout: 20_000 }).toBe('dark');
      await page.locator('#theme').click();
      await expect.poll(() => app.locator('body').getAttribute('class'), { timeout: 20_000 }).toBe('');

      // The app's own tool, called by the host.
      await page.locator('#ask-app').click();
      await expect
        .poll(log, { timeout: 20_000 })
        .toContain('app tools: read_count; read_count: The app shows 2');

      await app.locator('#say').click();
      await expect
        .poll(log, { timeout: 20_000 })
        .toContain('ui/message: [{"type":"text","text":"The count is 2"}]');

      // The app reported its size; the host sized the iframe to it.
      await expect.poll(log, { timeout: 20_000 }).toMatch(/size: \d+ x \d+/);
      mkdirSync(OUTPUT_DIR, { recursive: true });
      await page.screenshot({ path: join(OUTPUT_DIR, screenshot), fullPage: true });

      expect(await messageListenerCount(page)).toBe(1);
      await page.locator('#close').click();
      await page.waitForSelector('body[data-status="closed"]', { timeout: 20_000 });
      // The app answered ui/resource-teardown, and nothing was refused along the way.
      expect(await log()).not.toContain('refused:');
      expect(await messageListenerCount(page)).toBe(0);
      expect(await page.locator('iframe').count()).toBe(0);
      // The only console errors are Chromium's reports of the blocked fetch.
      expect(problems.filter((problem) => !problem.includes('Content Security Policy'))).toEqual([]);
      expect(problems.some((problem) => problem.includes(`"connect-src 'none'"`))).toBe(true);
      await page.close();
    },
  );

  it('the sandbox proxy refuses to run outside an allowed host page', async () => {
    const example = await startExample({ port: 0 });
    examples.push(example);
    browser ??= await launchChromium();
    const page = await browser.newPage();
    await page.goto(example.sandboxUrl, { timeout: 20_000 });
    expect(await page.locator('body').getAttribute('data-sandbox-error')).toBe(
      'This MCP App sandbox page only runs inside a host page iframe.',
    );
    // Embedded by a page of another origin (here the sandbox's own): refused, and it never says ready.
    await page.evaluate((url) => {
      const frame = document.createElement('iframe');
      frame.src = url;
      document.body.append(frame);
    }, example.sandboxUrl);
    const inner = page.frameLocator('iframe');
    await expect
      .poll(() => inner.locator('body').getAttribute('data-sandbox-error'), { timeout: 20_000 })
      .toBe(
        `This MCP App sandbox refuses to run inside ${new URL(example.sandboxUrl).origin}: allowed hosts are ${new URL(example.url).origin}.`,
      );
    await page.close();
  });

  it('drops a message from the app frame once it shows another origin, and says so', async () => {
    const example = await startExample({ port: 0 });
    examples.push(example);
    browser ??= await launchChromium();
    const page = await browser.newPage();
    await page.goto(example.url, { timeout: 20_000 });
    await page.waitForSelector('body[data-status="ready"], body[data-status="failed"]', { timeout: 30_000 });
    const log = async () => (await page.locator('#log').textContent()) ?? '';
    expect(await page.locator('body').getAttribute('data-status'), await log()).toBe('ready');

    // The sandbox frame navigates away (to a page of the host's origin): same window, other origin.
    const elsewhere = new URL('/elsewhere', example.url).href;
    await page.evaluate((url) => {
      (document.querySelector('#app > iframe') as HTMLIFrameElement).src = url;
    }, elsewhere);
    await expect
      .poll(() => page.frames().some((frame) => frame.url() === elsewhere), { timeout: 20_000 })
      .toBe(true);
    const frame = page.frames().find((candidate) => candidate.url() === elsewhere)!;
    await frame.evaluate(() =>
      window.parent.postMessage(
        { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'increment', arguments: { by: 1 } } },
        '*',
      ),
    );
    const hostOrigin = new URL(example.url).origin;
    await expect
      .poll(log, { timeout: 20_000 })
      .toContain(
        `refused: Dropped a message from origin "${hostOrigin}": expected "${new URL(example.sandboxUrl).origin}"`,
      );
    await page.close();
  });

  it('refuses a sandbox proxy on the origin of the host page itself, adding nothing to the page', async () => {
    const hostEntry = fileURLToPath(new URL('./fixtures/same-origin-host.ts', import.meta.url));
    const example = await startExample({ port: 0, hostEntry });
    examples.push(example);
    browser ??= await launchChromium();
    const page = await browser.newPage();
    await page.goto(example.url, { timeout: 20_000 });
    await page.waitForSelector('body[data-status="refused"]', { timeout: 30_000 });
    expect(await page.locator('#log').textContent()).toBe(
      `mountApp: the sandbox proxy ${new URL('/sandbox.html', example.url).href} is on the host page's origin; SEP-1865 requires another origin`,
    );
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await messageListenerCount(page)).toBe(0);
    await page.close();
  });
});
