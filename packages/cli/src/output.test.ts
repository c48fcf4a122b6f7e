import { describe, expect, it } from 'vitest';
import { createOutput } from './output.js';

function streams(tty: boolean, env: Record<string, string | undefined> = {}) {
  const written = { stdout: '', stderr: '' };
  return {
    written,
    streams: {
      stdout: { isTTY: tty, write: (text: string) => (written.stdout += text) },
      stderr: { isTTY: tty, write: (text: string) => (written.stderr += text) },
      env,
    },
  };
}

describe('createOutput', () => {
  it('shows a spinner with the progress on stderr at a terminal, and clears its line afterwards', async () => {
    const { written, streams: s } = streams(true);
    const result = await createOutput(s, false).spin('calling echo', async (progress) => {
      progress(1, 4);
      return 'done';
    });
    expect(result).toBe('done');
    expect(written.stderr).toContain('calling echo');
    expect(written.stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(written.stdout).toBe('');
  });

  it.each([
    ['output is not a terminal', false, {}, false],
    ['NO_COLOR is set', true, { NO_COLOR: '1' }, false],
    ['--json', true, {}, true],
  ])('writes no spinner when %s', async (_why, tty, env, json) => {
    const { written, streams: s } = streams(tty, env);
    await createOutput(s, json).spin('calling', async (progress) => progress(1));
    expect(written.stderr).toBe('');
  });

  it('clears the spinner line when the call fails, and passes the failure on', async () => {
    const { written, streams: s } = streams(true);
    const failure = new Error('boom');
    await expect(
      createOutput(s, false).spin('calling', async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(written.stderr.endsWith('\r\x1b[2K')).toBe(true);
  });
});
