import fc from 'fast-check';
import { parse as parseWithPackage } from 'uri-template';
import { describe, expect, it } from 'vitest';
import { type Part, parseTemplateParts, UriTemplateError } from './parse.js';

// The server parses templates itself and `UriTemplate.expand` uses the `uri-template` package: both
// must accept exactly the same templates and read them into the same parts.

function partsOfPackage(template: string): Part[] | 'invalid' {
  let ast: ReturnType<typeof parseWithPackage>['ast'];
  try {
    ast = parseWithPackage(template).ast;
  } catch {
    return 'invalid';
  }
  return ast.parts.map((part): Part => {
    if (part.type === 'literal') return { kind: 'literal', text: part.value };
    return {
      kind: 'expression',
      operator: part.operator,
      variables: part.variables.map((v) => ({ name: v.name, explode: v.modifier?.type === 'explode' })),
    };
  });
}

function partsOfOurs(template: string): Part[] | 'invalid' {
  try {
    return parseTemplateParts(template);
  } catch (error) {
    expect(error).toBeInstanceOf(UriTemplateError);
    return 'invalid';
  }
}

/** Templates built from the characters that matter to the grammar, so most are near misses. */
const templateText = fc
  .array(
    fc.constantFrom(
      '{',
      '}',
      '(',
      ')',
      ',',
      ':',
      '*',
      '+',
      '#',
      '.',
      '/',
      ';',
      '?',
      '&',
      'a',
      'Z',
      '7',
      '_',
      '%',
      '-',
      ' ',
      'é',
    ),
    {
      maxLength: 16,
    },
  )
  .map((characters) => characters.join(''));

describe('parseTemplateParts', () => {
  it('accepts and reads templates exactly as the uri-template package does', () => {
    fc.assert(
      fc.property(templateText, (template) => {
        expect(partsOfOurs(template)).toEqual(partsOfPackage(template));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on realistic templates', () => {
    for (const template of [
      'file:///{path}',
      'repo://{owner}/{name}{/segments*}{?q,limit:3}{&page}{#frag}',
      'a://{x(ext)}/{.y*}{;m,n}',
      'a://}{+p}',
      'a://{x:}',
      'a://{x*:3}',
      'a://{x()}',
      'a://{x(}',
      'a://{}',
      'a://{.}',
      'a://{unclosed',
    ]) {
      expect(partsOfOurs(template), template).toEqual(partsOfPackage(template));
    }
  });

  it('says where and what it expected', () => {
    expect(() => parseTemplateParts('a://{unclosed')).toThrow(
      'Invalid URI template "a://{unclosed": expected "," or "}" after a variable at character 14, found the end of the template',
    );
    expect(() => parseTemplateParts('a://{x}/{-}')).toThrow(
      'expected a variable name (letters, digits, "_", "." or "%") at character 10, found "-"',
    );
  });
});
