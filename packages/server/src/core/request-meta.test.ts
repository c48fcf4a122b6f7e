import { InitializeRequestParamsSchema, RequestMetaObjectSchema } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { isPlainInitializeParams, isPlainValidRequestMeta } from './request-meta.js';

const VERSION = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';
const LEVEL = 'io.modelcontextprotocol/logLevel';

const ENVELOPE = { [VERSION]: '2026-07-28', [CAPS]: {}, [INFO]: { name: 'c', version: '1' } };

/** Envelopes clients send: the hand-written check vouches for each, and the schema agrees. */
const FAST: unknown[] = [
  {},
  ENVELOPE,
  { ...ENVELOPE, progressToken: 7, [LEVEL]: 'debug' },
  { ...ENVELOPE, progressToken: 'p-1', vendor: { anything: [1, 2] } },
  {
    ...ENVELOPE,
    [CAPS]: {
      roots: { listChanged: true },
      sampling: { context: {}, tools: {} },
      elicitation: { form: {}, url: {} },
      experimental: { 'x.y/z': { a: 1 } },
      extensions: { 'io.modelcontextprotocol/tasks': {} },
      future: 'kept',
    },
    [INFO]: { name: 'c', version: '1', title: 'C', description: 'd', websiteUrl: 'https://c.example' },
  },
];

/** Envelopes the check leaves to the schema: valid or not, the schema's verdict stands. */
const SLOW: unknown[] = [
  null,
  [],
  'meta',
  { progressToken: 1.5 },
  { progressToken: 2 ** 53 },
  { progressToken: null },
  { [VERSION]: 20260728 },
  { [CAPS]: [] },
  { [CAPS]: null },
  { [CAPS]: { roots: { listChanged: 'yes' } } },
  { [CAPS]: { roots: [] } },
  { [CAPS]: { sampling: { context: true } } },
  { [CAPS]: { elicitation: { form: [] } } },
  { [CAPS]: { experimental: { a: 1 } } },
  { [CAPS]: { experimental: [] } },
  { [CAPS]: { extensions: { a: null } } },
  { [CAPS]: { extensions: JSON.parse('{"__proto__": {}}') } },
  { [CAPS]: { tasks: { requests: { sampling: { createMessage: 1 } } } } },
  { [CAPS]: { tasks: { list: 'x' } } },
  { [CAPS]: { tasks: { list: {} } } },
  { [INFO]: { name: 'c' } },
  { [INFO]: { name: 'c', version: 1 } },
  { [INFO]: { name: 'c', version: '1', title: 3 } },
  { [INFO]: { name: 'c', version: '1', icons: [{ src: 'https://c.example/i.png' }] } },
  { [INFO]: { name: 'c', version: '1', icons: [{ nope: 1 }] } },
  { [LEVEL]: 'loud' },
];

/** `root` with each value, at any depth, swapped in turn for each odd value (and `extraOdd`). */
function swapVariants(root: unknown, extraOdd: unknown[] = []): unknown[] {
  const odd: unknown[] = [undefined, null, 0, 1.5, '', 'x', true, [], {}, [{}], { a: 1 }, ...extraOdd];
  const variants: unknown[] = [];
  const swapEach = (value: unknown, rebuild: (replacement: unknown) => unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const at = (replacement: unknown) => rebuild({ ...value, [key]: replacement });
      for (const replacement of odd) variants.push(at(replacement));
      swapEach(inner, at);
    }
  };
  swapEach(root, (replacement) => replacement);
  return variants;
}

describe('isPlainValidRequestMeta', () => {
  it.each(FAST)('vouches for the common envelope %j, which the schema accepts unchanged', (meta) => {
    expect(isPlainValidRequestMeta(meta)).toBe(true);
    const parsed = RequestMetaObjectSchema.safeParse(meta);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(meta);
  });

  it.each(SLOW)('leaves %j to the schema', (meta) => {
    expect(isPlainValidRequestMeta(meta)).toBe(false);
  });

  it('never vouches for what the schema refuses (each value of a rich envelope, at any depth, swapped for odd ones)', () => {
    const variants = swapVariants(FAST[4], [-1, 2 ** 60]);
    expect(variants.length).toBeGreaterThan(250);
    let vouched = 0;
    for (const meta of variants) {
      if (!isPlainValidRequestMeta(meta)) continue;
      vouched++;
      expect(RequestMetaObjectSchema.safeParse(meta).success, JSON.stringify(meta)).toBe(true);
    }
    expect(vouched).toBeGreaterThan(0);
  });
});

const INITIALIZE = {
  protocolVersion: '2025-11-25',
  capabilities: {
    roots: { listChanged: true },
    sampling: {},
    elicitation: { form: {} },
    experimental: { 'x.y/z': { a: 1 } },
  },
  clientInfo: { name: 'c', version: '1', title: 'C' },
};

describe('isPlainInitializeParams', () => {
  it.each([
    { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    INITIALIZE,
    { ...INITIALIZE, vendor: [1] },
  ])('vouches for the common initialize params %j, which the schema accepts unchanged', (params) => {
    expect(isPlainInitializeParams(params)).toBe(true);
    const parsed = InitializeRequestParamsSchema.safeParse(params);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(params);
  });

  it.each([
    undefined,
    [],
    { capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    { protocolVersion: 2025, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    { protocolVersion: '2025-11-25', clientInfo: { name: 'c', version: '1' } },
    { protocolVersion: '2025-11-25', capabilities: {} },
    { protocolVersion: '2025-11-25', capabilities: { tasks: {} }, clientInfo: { name: 'c', version: '1' } },
    { ...INITIALIZE, _meta: { progressToken: 1 } },
  ])('leaves %j to the schema', (params) => {
    expect(isPlainInitializeParams(params)).toBe(false);
  });

  it('never vouches for what the schema refuses (each value, at any depth, swapped for odd ones)', () => {
    let vouched = 0;
    for (const params of swapVariants(INITIALIZE)) {
      if (!isPlainInitializeParams(params)) continue;
      vouched++;
      expect(InitializeRequestParamsSchema.safeParse(params).success, JSON.stringify(params)).toBe(true);
    }
    expect(vouched).toBeGreaterThan(0);
  });
});
