import { describe, expect, it } from 'vitest';
import { matrixClientFromArg, matrixServerFromArg } from './cli-specs.js';

describe('matrix arguments', () => {
  it('reads URLs, HTTP commands and stdio commands, with optional labels', () => {
    expect(matrixServerFromArg('http://127.0.0.1:3000/mcp')).toEqual({
      name: 'http://127.0.0.1:3000/mcp',
      url: 'http://127.0.0.1:3000/mcp',
    });
    expect(matrixServerFromArg('echo=http-command: node bin.js --http --port 0')).toEqual({
      name: 'echo',
      httpCommand: 'node bin.js --http --port 0',
    });
    expect(matrixServerFromArg('npx -y @modelcontextprotocol/server-everything')).toEqual({
      name: 'npx -y @modelcontextprotocol/server-everything',
      command: 'npx -y @modelcontextprotocol/server-everything',
    });
    expect(matrixServerFromArg('memory=node --env X=1 memory.js')).toEqual({
      name: 'memory',
      command: 'node --env X=1 memory.js',
    });
  });

  it('maps bundled driver names to their commands and keeps other commands', () => {
    expect(matrixClientFromArg('official-v2').command).toMatch(/drivers[\\/]official-v2-client\.js"$/);
    expect(matrixClientFromArg('mine=python client.py')).toEqual({
      name: 'mine',
      command: 'python client.py',
    });
  });

  it('rejects empty specs, saying what is expected', () => {
    expect(() => matrixServerFromArg('  ')).toThrow(/needs a URL or a command/);
    expect(() => matrixServerFromArg('http-command:')).toThrow(/needs a command after it/);
    expect(() => matrixClientFromArg('')).toThrow(
      /driver name \(mcpkit, official-v2, official-v1\) or a command/,
    );
  });
});
