// Tool shapes every server in the suite exposes, described once so that each SDK's server
// registers the same tools and the raw baseline answers with the same JSON.

export const PROTOCOL_VERSION = '2025-11-25';
/** The stateless revision: no handshake, every request carries its context in `_meta`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

export type Wire = '2025' | '2026';

/** The `--wire 2025|2026` argument of the server scripts (default 2025). */
export function wireArg(argv: string[]): Wire {
  const index = argv.indexOf('--wire');
  const value = index >= 0 ? argv[index + 1] : '2025';
  if (value !== '2025' && value !== '2026') throw new Error(`--wire: expected 2025 or 2026, got ${value}`);
  return value;
}
export const SERVER_INFO = { name: 'bench-server', version: '1.0.0' };

/** Size of the `big` tool's text result: 1 MiB of ASCII. */
export const BIG_RESULT_BYTES = 1024 * 1024;

let bigText: string | undefined;
/** Built once per process: a 1 MiB ASCII string with some variety so it is not a trivial run. */
export function bigResultText(): string {
  if (bigText === undefined) {
    const line = 'The quick brown fox jumps over the lazy dog 0123456789 ';
    bigText = line.repeat(Math.ceil(BIG_RESULT_BYTES / line.length)).slice(0, BIG_RESULT_BYTES);
  }
  return bigText;
}

export const WIDE_TOOL_COUNT = 50;
export const WIDE_FIELD_COUNT = 25;

export type FieldKind = 'string' | 'integer' | 'boolean' | 'enum' | 'string-array';
const FIELD_KINDS: FieldKind[] = ['string', 'integer', 'boolean', 'enum', 'string-array'];
export const ENUM_VALUES = ['alpha', 'beta', 'gamma', 'delta'] as const;

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  description: string;
  optional: boolean;
}

/** The 25 input fields of wide tool number `toolIndex`. */
export function wideToolFields(toolIndex: number): FieldSpec[] {
  const fields: FieldSpec[] = [];
  for (let i = 0; i < WIDE_FIELD_COUNT; i++) {
    fields.push({
      name: `field_${String(i).padStart(2, '0')}`,
      kind: FIELD_KINDS[(i + toolIndex) % FIELD_KINDS.length]!,
      description: `Field ${i} of tool ${toolIndex}: a parameter with a realistic description.`,
      optional: i % 3 === 0,
    });
  }
  return fields;
}

export function wideToolName(toolIndex: number): string {
  return `wide_tool_${String(toolIndex).padStart(2, '0')}`;
}

export function wideToolDescription(toolIndex: number): string {
  return `Wide tool ${toolIndex}: one of fifty tools with twenty-five typed input fields each.`;
}

/** Plain JSON Schema of one field, as the raw baseline serves it. */
export function fieldJsonSchema(field: FieldSpec): Record<string, unknown> {
  switch (field.kind) {
    case 'string':
      return { type: 'string', description: field.description };
    case 'integer':
      return { type: 'integer', minimum: 0, description: field.description };
    case 'boolean':
      return { type: 'boolean', description: field.description };
    case 'enum':
      return { type: 'string', enum: [...ENUM_VALUES], description: field.description };
    case 'string-array':
      return { type: 'array', items: { type: 'string' }, description: field.description };
  }
}
