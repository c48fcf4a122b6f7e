import type { JSONObject } from '../jsonrpc-types.js';

// The skills extension (SEP-2640, `io.modelcontextprotocol/skills`): what server and client both
// need, the frontmatter reader and the Agent Skills rules.
//
// The YAML frontmatter of a SKILL.md, read without a YAML library: the Agent Skills frontmatter is
// flat `key: value` pairs plus one level of nested mapping (`metadata:`). Anything outside that
// subset is refused with its line number rather than guessed at, so the served `frontmatter` is
// always the file's own content; a server with richer YAML passes `frontmatter` itself.

const FENCE = /^---[ \t]*$/;

/** Splits SKILL.md text into its frontmatter block's lines; throws when there is none. */
function frontmatterLines(text: string): string[] {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? ''))
    throw new Error('SKILL.md must begin with a --- line opening YAML frontmatter');
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end < 0) throw new Error('SKILL.md frontmatter has no closing --- line');
  return lines.slice(1, end);
}

/**
 * Parses a SKILL.md's YAML frontmatter (flat `key: value` pairs and one nested mapping level)
 * into a JSON object; throws, naming the line, on anything outside that subset.
 */
export function parseSkillFrontmatter(text: string): JSONObject {
  const lines = frontmatterLines(text);
  const result: JSONObject = {};
  let nested: JSONObject | undefined;
  lines.forEach((raw, index) => {
    const lineNo = index + 2;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    const indented = /^[ \t]/.test(raw);
    const match = /^([A-Za-z0-9_.\-/]+):(?:[ \t]+(.*))?$/.exec(raw.trim());
    if (match === null)
      throw new Error(
        `SKILL.md frontmatter line ${lineNo}: expected 'key: value', got ${JSON.stringify(raw)}`,
      );
    const [, key, rawValue] = match as unknown as [string, string, string | undefined];
    if (indented) {
      if (nested === undefined)
        throw new Error(`SKILL.md frontmatter line ${lineNo}: indented line outside a mapping`);
      if (rawValue === undefined || rawValue === '')
        throw new Error(
          `SKILL.md frontmatter line ${lineNo}: nesting deeper than one level is not supported`,
        );
      nested[key] = scalar(rawValue, lineNo);
      return;
    }
    if (rawValue === undefined || rawValue === '') {
      nested = {};
      result[key] = nested;
      return;
    }
    nested = undefined;
    result[key] = scalar(rawValue, lineNo);
  });
  return result;
}

function scalar(raw: string, lineNo: number): unknown {
  const value = raw.trim();
  if (value.startsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      throw new Error(`SKILL.md frontmatter line ${lineNo}: malformed double-quoted string ${value}`);
    }
  }
  if (value.startsWith("'")) {
    if (!value.endsWith("'") || value.length < 2)
      throw new Error(`SKILL.md frontmatter line ${lineNo}: malformed single-quoted string ${value}`);
    return value.slice(1, -1).replaceAll("''", "'");
  }
  if (/^[[{|>&*!%@`]/.test(value))
    throw new Error(
      `SKILL.md frontmatter line ${lineNo}: flow collections, block scalars, anchors and tags are not supported`,
    );
  const plain = value.replace(/[ \t]+#.*$/, '');
  if (plain === 'true') return true;
  if (plain === 'false') return false;
  if (plain === 'null' || plain === '~') return null;
  if (/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(plain)) return Number(plain);
  return plain;
}

/** The skills extension's identifier. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

const SKILL_NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * What in `frontmatter` breaks the Agent Skills rules (`name`: 1-64 lowercase letters, digits and
 * single hyphens, no hyphen at either end; `description`: required, 1-1024 characters), or
 * undefined when nothing does.
 */
export function skillFrontmatterProblem(frontmatter: unknown): string | undefined {
  if (typeof frontmatter !== 'object' || frontmatter === null || Array.isArray(frontmatter))
    return 'frontmatter must be an object';
  const { name, description } = frontmatter as JSONObject;
  if (typeof name !== 'string' || !SKILL_NAME.test(name))
    return `frontmatter name ${JSON.stringify(name)} breaks the Agent Skills rules: 1-64 lowercase letters, digits and single hyphens, no hyphen at either end`;
  if (typeof description !== 'string' || description.length === 0 || description.length > 1024)
    return 'frontmatter description is required: a string of 1-1024 characters';
  return undefined;
}
