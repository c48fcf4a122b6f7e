import { describe, expect, it } from 'vitest';
import { parseEchoArgs } from './cli-args.js';

describe('parseEchoArgs', () => {
  it('defaults to stdio', () => {
    expect(parseEchoArgs([])).toEqual({ mode: 'stdio', quiet: false });
    expect(parseEchoArgs(['--stdio', '-q'])).toEqual({ mode: 'stdio', quiet: true });
  });

  it('reads --http with --port and --host, inline or separate', () => {
    expect(parseEchoArgs(['--http'])).toEqual({ mode: 'http', port: 3000, host: '127.0.0.1', quiet: false });
    expect(parseEchoArgs(['--http', '--port', '0', '--host=::1'])).toEqual({
      mode: 'http',
      port: 0,
      host: '::1',
      quiet: false,
    });
    expect(parseEchoArgs(['--port=8080', '--http'])).toMatchObject({ port: 8080 });
  });

  it('reads --max-sessions-per-address for --http only', () => {
    expect(parseEchoArgs(['--http', '--max-sessions-per-address', '2000'])).toMatchObject({
      mode: 'http',
      maxSessionsPerAddress: 2000,
    });
    expect(() => parseEchoArgs(['--http', '--max-sessions-per-address=0'])).toThrow(
      /--max-sessions-per-address expects a positive integer, got "0"/,
    );
    expect(() => parseEchoArgs(['--max-sessions-per-address', '5'])).toThrow(
      '--max-sessions-per-address applies to --http only',
    );
  });

  it('returns help whatever else is given', () => {
    expect(parseEchoArgs(['--http', '--help'])).toEqual({ mode: 'help' });
    expect(parseEchoArgs(['-h'])).toEqual({ mode: 'help' });
  });

  it('rejects bad arguments with a message that names them', () => {
    expect(() => parseEchoArgs(['--nope'])).toThrow('Unknown argument "--nope"');
    expect(() => parseEchoArgs(['--http', '--port', 'eighty'])).toThrow(
      /--port expects an integer.*"eighty"/,
    );
    expect(() => parseEchoArgs(['--http', '--port', '70000'])).toThrow(/0 to 65535/);
    expect(() => parseEchoArgs(['--http', '--port'])).toThrow('--port needs a value');
    expect(() => parseEchoArgs(['--stdio', '--http'])).toThrow('--stdio and --http cannot be combined');
    expect(() => parseEchoArgs(['--port', '1'])).toThrow('--port and --host apply to --http only');
  });
});
