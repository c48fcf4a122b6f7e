import type * as z from 'zod';

// Turns a zod error into one precise, human-readable line: where (path), what was expected, what
// was received. These lines become the messages of -32600 / -32602 errors across the SDK, so they
// must be short, stable and never dump whole payloads.

type Issue = z.core.$ZodIssue;
type PathSegment = PropertyKey;

/** One validation failure, located in the validated value. */
export interface ValidationIssue {
  /** Path from the root of the validated value (after any prefix), e.g. `['params', 'name']`. */
  path: PathSegment[];
  /** The path as text: `params.arguments`, `tools[0].inputSchema.type`, or `(root)`. */
  pathString: string;
  /** What the schema wanted, e.g. `string`, `one of "text" | "image"`, `integer <= 100`. */
  expected: string;
  /** What the value held, e.g. `number 42`, `missing`, `string "foo"`. */
  received: string;
  /** `<path>: expected <expected>, received <received>` (or the schema's own sentence for refinements). */
  message: string;
}

/** Options of formatting a validation error: segments prepended to every reported path. */
export interface FormatOptions {
  /** Segments prepended to every path, e.g. `['params']` when validating a request's params. */
  pathPrefix?: readonly PathSegment[];
}

const MAX_STRING_PREVIEW = 40;

/** Renders a path as `a.b[0].c`; keys that are not identifiers are quoted (`_meta["io.x/y"]`). */
export function formatPath(path: readonly PathSegment[]): string {
  if (path.length === 0) return '(root)';
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment))
      text += text ? `.${segment}` : segment;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

/** A short description of a JSON value: its type and, for scalars, a preview. */
export function describeValue(value: unknown, present = true): string {
  if (!present) return 'missing';
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array (${value.length} item${value.length === 1 ? '' : 's'})`;
  switch (typeof value) {
    case 'string': {
      const preview = value.length > MAX_STRING_PREVIEW ? `${value.slice(0, MAX_STRING_PREVIEW)}…` : value;
      return `string ${JSON.stringify(preview)}`;
    }
    case 'number':
      return Number.isFinite(value) ? `number ${value}` : `number ${String(value)}`;
    case 'boolean':
      return `boolean ${value}`;
    case 'bigint':
      return `bigint ${value}`;
    case 'object':
      return 'object';
    default:
      return typeof value;
  }
}

function valueAt(root: unknown, path: readonly PathSegment[]): { present: boolean; value: unknown } {
  // An undefined root is an absent value (e.g. a request without `params`).
  if (root === undefined) return { present: false, value: undefined };
  let current: unknown = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return { present: false, value: undefined };
    const container = current as Record<PropertyKey, unknown>;
    if (!Object.hasOwn(container, segment)) return { present: false, value: undefined };
    current = container[segment];
  }
  return { present: true, value: current };
}

const TYPE_NAMES: Record<string, string> = {
  int: 'integer',
  record: 'object',
  never: 'no value (key must be absent)',
};

function typeName(expected: string): string {
  return TYPE_NAMES[expected] ?? expected;
}

/** A schema may word its own expectation as an issue message `expected <what>` (see `integer()`). */
function customExpected(issue: Issue): string | undefined {
  return issue.message.startsWith('expected ') ? issue.message.slice('expected '.length) : undefined;
}

const MAX_LISTED_VALUES = 12;

function literalList(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).map((value) => JSON.stringify(value) ?? String(value));
  if (values.length > MAX_LISTED_VALUES) shown.push(`… (${values.length - MAX_LISTED_VALUES} more)`);
  return shown.length === 1 ? shown[0]! : `one of ${shown.join(' | ')}`;
}

function bound(issue: { inclusive?: boolean; origin?: string }, operator: '<' | '>'): string {
  return issue.inclusive === false ? operator : `${operator}=`;
}

function expectedOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return customExpected(issue) ?? typeName(issue.expected);
    case 'invalid_value':
      return literalList(issue.values);
    case 'too_big': {
      if (issue.origin === 'int' || issue.origin === 'number') {
        const max = Number(issue.maximum);
        if (max === Number.MAX_SAFE_INTEGER) return 'a safe integer (at most 2^53-1)';
        return `number ${bound(issue, '<')} ${issue.maximum}`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `at most ${issue.maximum} items`;
      if (issue.origin === 'string') return `at most ${issue.maximum} characters`;
      return `${issue.origin} ${bound(issue, '<')} ${issue.maximum}`;
    }
    case 'too_small': {
      if (issue.origin === 'int' || issue.origin === 'number') {
        const min = Number(issue.minimum);
        if (min === Number.MIN_SAFE_INTEGER) return 'a safe integer (at least -(2^53-1))';
        return `number ${bound(issue, '>')} ${issue.minimum}`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `at least ${issue.minimum} items`;
      if (issue.origin === 'string') return `at least ${issue.minimum} characters`;
      return `${issue.origin} ${bound(issue, '>')} ${issue.minimum}`;
    }
    case 'invalid_format':
      return `string in ${issue.format} format`;
    case 'not_multiple_of':
      return `a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `no key ${literalList(issue.keys)}`;
    case 'invalid_key':
      return 'a valid key';
    case 'invalid_element':
      return 'valid elements';
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options)) return literalList(issue.options);
      return 'one of the allowed shapes';
    default:
      return issue.message;
  }
}

/**
 * Does this branch fail on a tag (a single-valued literal such as `type`, `method`, `mode` or
 * `resultType`, wrong or absent)? Then the value was meant for another branch.
 */
function failsOnTag(branch: readonly Issue[]): boolean {
  return branch.some(
    (issue) => issue.code === 'invalid_value' && issue.values.length === 1 && issue.path.length === 1,
  );
}

function withPrefix(issue: Issue, prefix: readonly PathSegment[]): Issue {
  return { ...issue, path: [...prefix, ...issue.path] } as Issue;
}

/**
 * Picks the single most telling issue: the first one, drilling into unions to the branch that got
 * furthest (no tag mismatch, then fewest issues, then deepest path).
 */
function primaryIssue(issues: readonly Issue[], input: unknown): Issue | undefined {
  const first = issues[0];
  if (first?.code !== 'invalid_union' || first.errors.length === 0) return first;
  const branches = first.errors.filter((branch) => branch.length > 0);
  const allRootTypeErrors = branches.every(
    (branch) => branch.length === 1 && branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0,
  );
  if (allRootTypeErrors) {
    const expected = [...new Set(branches.map((branch) => expectedOf(branch[0]!)))];
    return {
      code: 'invalid_type',
      expected: expected.join(' or '),
      path: first.path,
      message: first.message,
    } as Issue;
  }
  const unionInput = valueAt(input, first.path).value;
  const ranked = [...branches].sort((a, b) => {
    const tagA = failsOnTag(a) ? 1 : 0;
    const tagB = failsOnTag(b) ? 1 : 0;
    if (tagA !== tagB) return tagA - tagB;
    if (a.length !== b.length) return a.length - b.length;
    return (b[0]?.path.length ?? 0) - (a[0]?.path.length ?? 0);
  });
  const inner = primaryIssue(ranked[0]!, unionInput);
  return inner ? withPrefix(inner, first.path) : first;
}

function receivedOf(issue: Issue, input: unknown): string {
  // A nested failure under an undefined root means the caller did not pass the input: fall back
  // on the type zod names in its own message.
  if (input === undefined && issue.path.length > 0) {
    return /received (\w+)$/.exec(issue.message)?.[1] ?? 'a value of unknown type (input not given)';
  }
  const { present, value } = valueAt(input, issue.path);
  return describeValue(value, present);
}

/**
 * Describes a zod error as one {@link ValidationIssue}. Pass the validated `input` so the
 * received value can be described exactly (zod does not keep it by default).
 */
export function describeZodError(
  error: z.ZodError,
  input?: unknown,
  options: FormatOptions = {},
): ValidationIssue {
  const prefix = options.pathPrefix ?? [];
  const issue = primaryIssue(error.issues, input);
  if (!issue) {
    const pathString = formatPath(prefix);
    return {
      path: [...prefix],
      pathString,
      expected: 'a valid value',
      received: 'invalid value',
      message: `${pathString}: invalid value`,
    };
  }
  const path = [...prefix, ...issue.path];
  const pathString = formatPath(path);
  const received = receivedOf(issue, input);
  if (issue.code === 'custom') {
    return {
      path,
      pathString,
      expected: issue.message,
      received,
      message: `${pathString}: ${issue.message}`,
    };
  }
  const expected = expectedOf(issue);
  return {
    path,
    pathString,
    expected,
    received,
    message: `${pathString}: expected ${expected}, received ${received}`,
  };
}

/** One line naming the failing path, what was expected and what was received. */
export function formatZodError(error: z.ZodError, input?: unknown, options: FormatOptions = {}): string {
  return describeZodError(error, input, options).message;
}
