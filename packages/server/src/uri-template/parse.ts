// The syntax of a URI template, read into the parts the matcher walks. The server parses every
// registered template itself, so a server that never expands a template does not bundle the
// `uri-template` package (only `UriTemplate.expand` uses it). The accepted syntax is exactly that
// package's, so a template is valid for both or for neither (checked by parse.property.test.ts):
//
//   template   = *( literal / expression )
//   literal    = 1*( any character but "{" )
//   expression = "{" [ operator ] variable *( "," variable ) "}"
//   operator   = "+" / "#" / "." / "/" / ";" / "?" / "&"
//   variable   = 1*( ALPHA / DIGIT / "_" / "." / "%" ) [ ":" 1*DIGIT / "*" ] [ "(" 1*( any but ")" ) ")" ]

export type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

export interface VariableSpec {
  name: string;
  explode: boolean;
}

export type Part =
  | { kind: 'literal'; text: string }
  | { kind: 'expression'; operator: Operator; variables: VariableSpec[] };

/** Thrown when a URI template is malformed or over a limit of `UriTemplateLimits`. */
export class UriTemplateError extends Error {
  override readonly name = 'UriTemplateError';
}

const OPERATORS = '+#./;?&';
const NAME_CHARACTER = /[A-Za-z0-9_.%]/;
const DIGIT = /[0-9]/;

/** Reads `template` into literal and expression parts; throws a UriTemplateError naming the position. */
export function parseTemplateParts(template: string): Part[] {
  const parts: Part[] = [];
  let cursor = 0;
  const fail = (expected: string): never => {
    const found = cursor < template.length ? JSON.stringify(template[cursor]) : 'the end of the template';
    throw new UriTemplateError(
      `Invalid URI template ${JSON.stringify(template)}: expected ${expected} at character ${cursor + 1}, found ${found}`,
    );
  };
  const readWhile = (pattern: RegExp): string => {
    const start = cursor;
    while (cursor < template.length && pattern.test(template[cursor]!)) cursor++;
    return template.slice(start, cursor);
  };

  while (cursor < template.length) {
    if (template[cursor] !== '{') {
      const end = template.indexOf('{', cursor);
      const stop = end === -1 ? template.length : end;
      parts.push({ kind: 'literal', text: template.slice(cursor, stop) });
      cursor = stop;
      continue;
    }
    cursor++;
    const operator = (OPERATORS.includes(template[cursor] ?? '-') ? template[cursor++] : '') as Operator;
    const variables: VariableSpec[] = [];
    for (;;) {
      const name = readWhile(NAME_CHARACTER);
      if (name === '') fail('a variable name (letters, digits, "_", "." or "%")');
      let explode = false;
      if (template[cursor] === '*') {
        explode = true;
        cursor++;
      } else if (template[cursor] === ':' && DIGIT.test(template[cursor + 1] ?? '')) {
        cursor++;
        readWhile(DIGIT);
      }
      if (template[cursor] === '(') {
        const close = template.indexOf(')', cursor + 1);
        cursor++;
        if (close === cursor) fail('an extension name before ")"');
        if (close === -1) {
          cursor = template.length;
          fail('")" closing the extension');
        }
        cursor = close + 1;
      }
      variables.push({ name, explode });
      if (template[cursor] === ',') {
        cursor++;
        continue;
      }
      if (template[cursor] === '}') {
        cursor++;
        break;
      }
      fail('"," or "}" after a variable');
    }
    parts.push({ kind: 'expression', operator, variables });
  }
  return parts;
}
