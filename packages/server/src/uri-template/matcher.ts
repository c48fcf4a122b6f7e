import {
  type Operator,
  type Part,
  parseTemplateParts,
  UriTemplateError,
  type VariableSpec,
} from './parse.js';

// RFC 6570 templates matched against URIs (URI -> variables), what a server needs of a resource
// template. The `uri-template` package has no matching, and a regex built from the template would
// backtrack on adversarial URIs: the matcher below walks the URI once, left to right, never
// revisiting a character, so its cost is linear in the URI length. Expansion (variables -> URI)
// is `UriTemplate`'s, in uri-template.ts.

/** Values extracted from (or expanded into) a template: exploded variables are lists. */
export type UriVariables = Record<string, string | string[]>;

/** Limits on URI templates and the URIs matched against them. */
export interface UriTemplateLimits {
  /** Longest template accepted at registration (default 1 024 characters). */
  maxTemplateLength?: number;
  /** Longest URI the matcher looks at; longer URIs never match (default 16 384 characters). */
  maxUriLength?: number;
  /** Most expressions (`{...}`) in one template (default 32). */
  maxExpressions?: number;
}

/** The default limits on URI templates and the URIs matched against them, which keep matching linear. */
export const DEFAULT_URI_TEMPLATE_LIMITS: Required<UriTemplateLimits> = {
  maxTemplateLength: 1024,
  maxUriLength: 16_384,
  maxExpressions: 32,
};

/**
 * Per operator (RFC 6570 appendix A): what it puts before its first value, between values, and
 * the characters that end its value. Unreserved expansion encodes every reserved character, so a
 * raw `/`, `?` or `#` can only belong to what follows; `.` ends a label only for the `.` operator
 * (it is unreserved, so plain `{name}` values may contain it). `;`, `?` and `&` name their values.
 */
const OPERATOR_SYNTAX: Record<Operator, readonly [first: string, separator: string, stops: string]> = {
  '': ['', ',', '/?#'],
  '+': ['', ',', '?#'],
  '#': ['#', ',', ''],
  '.': ['.', '.', '/?#'],
  '/': ['/', '/', '?#'],
  ';': [';', ';', '/?#'],
  '?': ['?', '&', '#'],
  '&': ['&', '&', '#'],
};

/** A parsed RFC 6570 template that matches a URI back into its variables. */
export class UriTemplateMatcher {
  readonly template: string;
  /** Every variable name, in order of appearance. */
  readonly variableNames: readonly string[];
  readonly #parts: readonly Part[];
  readonly #maxUriLength: number;

  constructor(template: string, limits: UriTemplateLimits = {}) {
    const { maxTemplateLength, maxUriLength, maxExpressions } = { ...DEFAULT_URI_TEMPLATE_LIMITS, ...limits };
    if (template.length > maxTemplateLength) {
      throw new UriTemplateError(
        `URI template is ${template.length} characters long; at most ${maxTemplateLength} are allowed`,
      );
    }
    const compiled = compileCached(template);
    this.template = template;
    this.#maxUriLength = maxUriLength;
    this.#parts = compiled.parts;
    if (compiled.expressionCount > maxExpressions) {
      throw new UriTemplateError(
        `URI template ${JSON.stringify(template)} has ${compiled.expressionCount} expressions; at most ${maxExpressions} are allowed`,
      );
    }
    this.variableNames = compiled.variableNames;
  }

  /** True when the template has no expressions (it names exactly one URI). */
  get isStatic(): boolean {
    return this.variableNames.length === 0;
  }

  /**
   * The variables that expand to `uri`, or undefined when it does not fit the template. Linear in
   * the URI's length; URIs over the length limit never match.
   */
  match(uri: string): UriVariables | undefined {
    if (uri.length > this.#maxUriLength) return undefined;
    const variables: UriVariables = {};
    let cursor = 0;
    for (let index = 0; index < this.#parts.length; index++) {
      const part = this.#parts[index]!;
      if (part.kind === 'literal') {
        if (!uri.startsWith(part.text, cursor)) return undefined;
        cursor += part.text.length;
        continue;
      }
      const end = this.#expressionEnd(uri, cursor, index);
      if (end === undefined) return undefined;
      if (!readExpression(uri.slice(cursor, end), part.operator, part.variables, variables)) return undefined;
      cursor = end;
    }
    return cursor === uri.length ? variables : undefined;
  }

  /** The template text. */
  toString(): string {
    return this.template;
  }

  /**
   * Where the expression at `index` ends in `uri`. The value runs up to the first stop character
   * of its operator, cut short by whatever must come next: the next literal (its first
   * occurrence; for the last expression the literal suffix must end the URI) or the first
   * character of the next expression's prefix.
   */
  #expressionEnd(uri: string, start: number, index: number): number | undefined {
    const part = this.#parts[index] as Extract<Part, { kind: 'expression' }>;
    let end = scanUntil(uri, start, OPERATOR_SYNTAX[part.operator][2]);
    const next = this.#parts[index + 1];
    if (next === undefined) return end;
    if (next.kind === 'literal') {
      const suffix = this.#literalSuffix(index + 1);
      if (suffix !== undefined) {
        const suffixStart = uri.length - suffix.length;
        if (suffixStart < start || !uri.endsWith(suffix)) return undefined;
        return suffixStart <= end ? suffixStart : undefined;
      }
      const found = uri.indexOf(next.text, start);
      if (found === -1 || found > end) return undefined;
      return found;
    }
    const introducer = OPERATOR_SYNTAX[next.operator][0];
    if (introducer !== '') {
      const found = uri.indexOf(introducer, start);
      if (found !== -1 && found < end) end = found;
    }
    return end;
  }

  /** The concatenated literals from `index` to the end, when nothing but literals remains. */
  #literalSuffix(index: number): string | undefined {
    let suffix = '';
    for (let i = index; i < this.#parts.length; i++) {
      const part = this.#parts[i]!;
      if (part.kind !== 'literal') return undefined;
      suffix += part.text;
    }
    return suffix;
  }
}

interface CompiledTemplate {
  parts: readonly Part[];
  expressionCount: number;
  variableNames: readonly string[];
}

/**
 * Compiled templates by text. Parsing dominates the cost of building a server per request, and a
 * compiled template is immutable; the cache is bounded so arbitrary templates cannot grow it.
 */
const compiledTemplates = new Map<string, CompiledTemplate>();
const TEMPLATE_CACHE_SIZE = 512;

function compileCached(template: string): CompiledTemplate {
  const cached = compiledTemplates.get(template);
  if (cached !== undefined) return cached;
  const parts = parseTemplateParts(template);
  const expressions = parts.filter((part) => part.kind === 'expression');
  const compiled: CompiledTemplate = {
    parts,
    expressionCount: expressions.length,
    variableNames: expressions.flatMap((part) => part.variables.map((variable) => variable.name)),
  };
  if (compiledTemplates.size >= TEMPLATE_CACHE_SIZE) compiledTemplates.clear();
  compiledTemplates.set(template, compiled);
  return compiled;
}

function scanUntil(text: string, start: number, stops: string): number {
  if (stops === '') return text.length;
  for (let i = start; i < text.length; i++) {
    if (stops.includes(text[i]!)) return i;
  }
  return text.length;
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    if (error instanceof URIError) return undefined; // malformed %-escape: the URI does not match
    throw error;
  }
}

/** Reads one expression's raw text into `into`; false when it cannot come from this expression. */
function readExpression(raw: string, operator: Operator, specs: VariableSpec[], into: UriVariables): boolean {
  const [first, separator] = OPERATOR_SYNTAX[operator];
  if (raw === '') return true; // every variable undefined: RFC 6570 expands that to nothing
  if (!raw.startsWith(first)) return false;
  const pieces = raw.slice(first.length).split(separator);
  return first !== '' && ';?&'.includes(first)
    ? readNamed(pieces, specs, into)
    : readPositional(pieces, separator, specs, into);
}

function readPositional(
  pieces: string[],
  separator: string,
  specs: VariableSpec[],
  into: UriVariables,
): boolean {
  // A single unexploded variable takes the raw text whole: a list value expands to `a,b`.
  if (specs.length === 1 && !specs[0]!.explode) {
    const value = decode(pieces.join(separator));
    if (value === undefined) return false;
    into[specs[0]!.name] = value;
    return true;
  }
  for (let i = 0; i < specs.length && i < pieces.length; i++) {
    const spec = specs[i]!;
    if (spec.explode) {
      const values: string[] = [];
      for (const piece of pieces.slice(i)) {
        const value = decode(piece);
        if (value === undefined) return false;
        values.push(value);
      }
      into[spec.name] = values;
      return true;
    }
    const value = decode(pieces[i]!);
    if (value === undefined) return false;
    into[spec.name] = value;
  }
  return pieces.length <= specs.length;
}

function readNamed(pieces: string[], specs: VariableSpec[], into: UriVariables): boolean {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const exploded = specs.find((spec) => spec.explode);
  for (const piece of pieces) {
    const equals = piece.indexOf('=');
    const name = decode(equals === -1 ? piece : piece.slice(0, equals));
    const value = decode(equals === -1 ? '' : piece.slice(equals + 1));
    if (name === undefined || value === undefined) return false;
    const spec = byName.get(name) ?? exploded;
    if (spec === undefined) return false;
    if (spec.explode) {
      const list = into[spec.name];
      if (Array.isArray(list)) list.push(value);
      else into[spec.name] = [value];
    } else {
      into[spec.name] = value;
    }
  }
  return true;
}
