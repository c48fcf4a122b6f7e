import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './args.js';

describe('mcpkit-conformance arguments', () => {
  it('parses server mode with a command, revisions and scenarios', () => {
    expect(
      parseCli(['server', '--command', 'node server.js', '--revision', '2025-11-25', '--scenario', 'ping']),
    ).toMatchObject({
      mode: 'server',
      command: 'node server.js',
      revisions: ['2025-11-25'],
      scenarios: ['ping'],
    });
  });

  it('parses --markdown and --round-trip-tool', () => {
    expect(
      parseCli([
        'server',
        '--url',
        'http://127.0.0.1:1/mcp',
        '--markdown',
        'r.md',
        '--round-trip-tool',
        'roots=list_roots',
        '--round-trip-tool',
        'sampling=ask_llm',
      ]),
    ).toMatchObject({ markdown: 'r.md', roundTripTools: { roots: 'list_roots', sampling: 'ask_llm' } });
  });

  it('shows help with no mode or --help', () => {
    expect(parseCli([])).toBe('help');
    expect(parseCli(['server', '--help'])).toBe('help');
  });

  it.each([
    [['serve'], /unknown mode "serve"; expected server, client, referee or matrix/],
    [['server'], /exactly one of --command "<cmd>" or --url <url>/],
    [['server', '--url', 'ftp://x'], /--url must be an http\(s\) URL, got "ftp:\/\/x"/],
    [
      ['server', '--url', 'http://x', '--revision', '2024-01-01'],
      /unknown revision\(s\) 2024-01-01; expected one of 2024-11-05/,
    ],
    [['client'], /client mode needs --command/],
    [['client', '--command', 'c', '--transport', 'ws'], /unknown transport\(s\) ws; expected http or stdio/],
    [['matrix', '--server', 'x'], /at least one --server and one --client/],
    [['referee', '--url', 'http://x', '--client', 'c'], /exactly one of --url/],
    [['server', '--url', 'http://x', '--timeout=-3'], /--timeout expects a positive integer, got "-3"/],
    [['server', 'node', 'server.js'], /unexpected argument\(s\) "node" "server.js"; quote a command/],
    [['server', '--bogus'], /Unknown option '--bogus'/],
    [
      ['server', '--url', 'http://x', '--round-trip-tool', 'tasks=t'],
      /--round-trip-tool expects sampling=<tool>, elicitation=<tool> or roots=<tool>, got "tasks=t"/,
    ],
  ])('rejects %j precisely', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
