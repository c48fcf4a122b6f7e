import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gatewayConfigJsonSchema, parseGatewayConfig } from './config.js';
import { GatewayErrorCode } from './errors.js';

/** The ```json blocks of a Markdown file, with the line each starts on. */
function jsonBlocks(file: URL): { line: number; text: string }[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: { line: number; text: string }[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index]!.trim() !== '```json') continue;
    const end = lines.indexOf('```', index + 1);
    blocks.push({ line: index + 1, text: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return blocks;
}

describe('the configurations of the documentation', () => {
  it.each([
    ['docs/gateway.md', new URL('../../../docs/gateway.md', import.meta.url), 3],
    ['packages/gateway/README.md', new URL('../README.md', import.meta.url), 1],
  ])('%s: every json block is a valid configuration', (name, file, count) => {
    const blocks = jsonBlocks(file);
    expect(blocks).toHaveLength(count);
    for (const block of blocks) parseGatewayConfig(JSON.parse(block.text), `${name}:${block.line}`);
  });
});

describe('the configuration file', () => {
  it('publishes config.schema.json made from the schemas (regenerate: node scripts/write-config-schema.mjs)', () => {
    const published = JSON.parse(readFileSync(new URL('../config.schema.json', import.meta.url), 'utf8'));
    expect(published).toEqual(gatewayConfigJsonSchema());
  });

  it('reads each of the three uses', () => {
    expect(
      parseGatewayConfig({
        serve: { port: 8080 },
        upstream: { command: 'npx', args: ['-y', 'some-server'] },
      }),
    ).toEqual({
      serve: { port: 8080 },
      upstream: { command: 'npx', args: ['-y', 'some-server'] },
    });
    expect(
      parseGatewayConfig({ upstream: { url: 'https://mcp.example.com/mcp', oauth: true } }).upstream,
    ).toEqual({
      url: 'https://mcp.example.com/mcp',
      oauth: true,
    });
    const aggregated = parseGatewayConfig({
      upstreams: [
        { name: 'files', command: 'files-server', tools: { deny: ['delete_*'] } },
        { name: 'search', url: 'https://search.example.com/mcp', namespace: false },
      ],
    });
    expect(aggregated.upstreams).toHaveLength(2);
  });

  it('names every wrong field by its path', () => {
    let message = '';
    try {
      parseGatewayConfig(
        { serve: { port: 'eighty' }, upstreams: [{ command: '' }, { url: 'not a url' }], extra: 1 },
        'gateway.json',
      );
    } catch (error) {
      expect(error).toMatchObject({ code: GatewayErrorCode.InvalidConfig });
      message = (error as Error).message;
    }
    expect(message).toMatch(/^gateway\.json is not valid:/);
    expect(message).toContain('serve.port:');
    expect(message).toContain('upstreams.0');
    expect(message).toContain('upstreams.1');
    expect(message).toMatch(/extra/);
  });

  it('wants exactly one of upstream and upstreams', () => {
    expect(() => parseGatewayConfig({})).toThrow(/exactly one of "upstream" \(one server\) and "upstreams"/);
    expect(() => parseGatewayConfig({ upstream: { command: 'a' }, upstreams: [{ command: 'b' }] })).toThrow(
      /exactly one of/,
    );
  });
});
