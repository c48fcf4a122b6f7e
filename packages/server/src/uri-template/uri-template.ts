import { parse as parseWithPackage } from 'uri-template';
import { type UriTemplateLimits, UriTemplateMatcher, type UriVariables } from './matcher.js';
import { UriTemplateError } from './parse.js';

// RFC 6570 expansion (variables -> URI) comes from the `uri-template` package. Only this class
// uses it, and it is its own entry (`@mcpkit/server/uri-template`): the server matches registered
// templates with `UriTemplateMatcher` and never expands, so a server that does not import this
// entry neither loads the package at startup nor bundles it.

export type { UriTemplateLimits, UriVariables } from './matcher.js';
export { UriTemplateError } from './parse.js';

/** A parsed RFC 6570 template: expands variables into a URI and matches a URI back into variables. */
export class UriTemplate extends UriTemplateMatcher {
  readonly #expand: (values: Record<string, unknown>) => string;

  constructor(template: string, limits: UriTemplateLimits = {}) {
    super(template, limits);
    try {
      this.#expand = parseWithPackage(template).expand;
    } catch (error) {
      // The matcher's parser accepts exactly the package's syntax, so this only guards that promise.
      const reason = error instanceof Error ? error.message : String(error);
      throw new UriTemplateError(`Invalid URI template ${JSON.stringify(template)}: ${reason}`, {
        cause: error,
      });
    }
  }

  /** RFC 6570 expansion; values are percent-encoded as the operator requires. */
  expand(values: UriVariables): string {
    return repairSurrogateEscapes(this.#expand(values));
  }
}

/** A surrogate pair percent-encoded one UTF-16 unit at a time (CESU-8) instead of as UTF-8. */
const CESU8_PAIR = /%ED%([AB][0-9A-F])%([89AB][0-9A-F])%ED%(B[0-9A-F])%([89AB][0-9A-F])/gi;

/**
 * `uri-template` 2.0.0 encodes characters outside the BMP (emoji, many CJK extensions) as two
 * three-byte sequences, which is not UTF-8 and which no decoder accepts. Re-encode each such
 * pair as the four-byte UTF-8 sequence RFC 6570 requires.
 */
function repairSurrogateEscapes(uri: string): string {
  if (!uri.includes('%ED') && !uri.includes('%ed')) return uri;
  return uri.replace(CESU8_PAIR, (_match, b2: string, b3: string, b5: string, b6: string) => {
    const unit = (second: string, third: string) =>
      0xd000 | ((Number.parseInt(second, 16) & 0x3f) << 6) | (Number.parseInt(third, 16) & 0x3f);
    const high = unit(b2, b3);
    const low = unit(b5, b6);
    return encodeURIComponent(String.fromCharCode(high, low));
  });
}
