import { afterEach, describe, expect, it, vi } from 'vitest';
import { wireLogFromEnvironment, wireLoggingRequested } from './wire-log.js';

const saved = process.env.MCPKIT_DEBUG;
afterEach(() => {
  vi.restoreAllMocks();
  if (saved === undefined) delete process.env.MCPKIT_DEBUG;
  else process.env.MCPKIT_DEBUG = saved;
});

describe('MCPKIT_DEBUG=wire', () => {
  it.each([
    ['wire', true],
    ['*', true],
    ['other, wire', true],
    [undefined, false],
    ['', false],
    ['wires', false],
    ['other', false],
  ])('%j turns wire logging on: %s', (value, expected) => {
    expect(wireLoggingRequested(value)).toBe(expected);
  });

  it('is off (undefined) when the variable is unset', () => {
    delete process.env.MCPKIT_DEBUG;
    expect(wireLogFromEnvironment('test')).toBeUndefined();
  });

  it('writes one line per message to stderr, never stdout, with direction and session', () => {
    process.env.MCPKIT_DEBUG = 'wire';
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');
    const log = wireLogFromEnvironment('test-transport');
    log!('in', { jsonrpc: '2.0', id: 1, method: 'ping' }, 'abc');
    log!('out', { jsonrpc: '2.0', id: 1, result: {} });
    expect(stderr.mock.calls.map(([line]) => line)).toEqual([
      'mcpkit:wire test-transport session=abc in {"jsonrpc":"2.0","id":1,"method":"ping"}\n',
      'mcpkit:wire test-transport out {"jsonrpc":"2.0","id":1,"result":{}}\n',
    ]);
    expect(stdout).not.toHaveBeenCalled();
  });
});
