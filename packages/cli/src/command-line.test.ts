import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, parseCommandLine } from './command-line.js';
import { CliError, ExitCode } from './exit-codes.js';

function usageMessage(argv: string[]): string {
  try {
    parseCommandLine(argv, { arg: { type: 'string', multiple: true } });
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.Usage);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parseCommandLine', () => {
  it('reads a URL as the server and the rest as operands and flags', () => {
    const parsed = parseCommandLine(
      [
        'https://mcp.example.com/mcp',
        'echo',
        '-H',
        'Authorization: Bearer a:b',
        '--timeout',
        '500',
        '--json',
      ],
      {},
    );
    expect(parsed.target).toEqual({ kind: 'http', url: new URL('https://mcp.example.com/mcp') });
    expect(parsed.operands).toEqual(['echo']);
    expect(parsed.common).toEqual({
      json: true,
      headers: { Authorization: 'Bearer a:b' },
      oauth: false,
      timeoutMs: 500,
    });
  });

  it('passes everything after "--" through as the stdio command, flags included', () => {
    const parsed = parseCommandLine(['echo', '--arg', 'a=1', '--', 'node', 'server.js', '--json'], {
      arg: { type: 'string', multiple: true },
    });
    expect(parsed.target).toEqual({ kind: 'stdio', command: 'node', args: ['server.js', '--json'] });
    expect(parsed.operands).toEqual(['echo']);
    expect(parsed.values.arg).toEqual(['a=1']);
    expect(parsed.common.json).toBe(false);
    expect(parsed.common.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });

  it('says what is wrong with a server, a timeout or a header', () => {
    expect(usageMessage([])).toContain('no server given');
    expect(usageMessage(['--'])).toContain('"--" must be followed by the server\'s command');
    expect(usageMessage(['ftp://host/mcp'])).toBe(
      '"ftp://host/mcp" has protocol ftp:; expected http: or https: (stdio servers go after "--")',
    );
    expect(usageMessage(['http://h/mcp', '--timeout', '1.5'])).toBe(
      '--timeout "1.5": expected a whole number of milliseconds above 0',
    );
    expect(usageMessage(['http://h/mcp', '-H', 'Bad Name: x'])).toContain(
      '--header "Bad Name: x": expected "Name: value"',
    );
    expect(usageMessage(['--oauth', '--', 'node', 's.js'])).toContain('apply to HTTP servers only');
  });
});
