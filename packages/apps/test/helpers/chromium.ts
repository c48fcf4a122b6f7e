// Debian's Chromium (apt `chromium`, installed by .ci/run) driven headless by playwright-core, as
// apps/runtimes does; and the number of `message` listeners on a page's window, read through the
// DevTools protocol (DOMDebugger.getEventListeners), to prove a teardown left none behind.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Screenshots and other artifacts of the browser tests (gitignored). */
export const OUTPUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output');

/** Debian's Chromium; MCPKIT_CHROMIUM names another binary. */
export function chromiumPath(): string {
  const path = process.env.MCPKIT_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: install Debian's package (\`apt-get install chromium\`, as .ci/run does) ` +
        'or set MCPKIT_CHROMIUM to a Chromium binary',
    );
  }
  return path;
}

export function launchChromium(): Promise<Browser> {
  // Root in a container: Chromium's own sandbox needs user namespaces it may not have. The iframe
  // sandboxing under test is the renderer's, which this flag does not turn off.
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'], timeout: 30_000 });
}

/** How many `message` listeners the page's main window has. */
export async function messageListenerCount(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    if (!result.objectId) throw new Error('Runtime.evaluate(window) gave no object id');
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
    return listeners.filter((listener) => listener.type === 'message').length;
  } finally {
    await cdp.detach();
  }
}

/** Collects page errors and console errors, to show when an expectation fails. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      void response
        .text()
        .then((body) =>
          problems.push(
            `HTTP ${response.status()} ${response.request().method()} ${response.url()} ${response.request().postData()} -> ${body}`,
          ),
        );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}
