// Our copies of the convention names must equal @opentelemetry/semantic-conventions' constants.
import * as stable from '@opentelemetry/semantic-conventions';
import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import * as ours from './semconv.js';

// Ours that the package does not define (the conventions' text gives them, the package does not).
const notInPackage = new Set(['ERROR_TYPE_TOOL_ERROR', 'MCP_DURATION_BUCKETS']);

describe('semconv names', () => {
  it('every constant equals the package constant of the same name', () => {
    const upstream: Record<string, unknown> = { ...incubating, ...stable };
    const compared = Object.entries(ours).filter(([name]) => !notInPackage.has(name));
    expect(compared.length).toBeGreaterThan(20);
    for (const [name, value] of compared) expect(upstream[name], name).toBe(value);
  });
});
