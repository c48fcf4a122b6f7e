/** The outcome of reading one mirrored header value (SEP-2243 "Value Encoding"). */
export type DecodedHeaderValue = { ok: true; value: string } | { ok: false; problem: string };

const PREFIX = '=?base64?';
const SUFFIX = '?=';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// RFC 9110 field values: visible ASCII, space and horizontal tab.
const PLAIN = /^[\t\x20-\x7e]*$/;

/**
 * Decodes an `Mcp-Name` or `Mcp-Param-*` value: `=?base64?…?=` is Base64 of UTF-8 (case-sensitive
 * markers), anything else is the literal value. Bad padding, characters outside the Base64 alphabet
 * and bytes that are not UTF-8 are refused, as the spec requires.
 */
export function decodeHeaderValue(raw: string): DecodedHeaderValue {
  const value = raw.trim();
  if (!value.startsWith(PREFIX) || !value.endsWith(SUFFIX) || value.length < PREFIX.length + SUFFIX.length) {
    if (!PLAIN.test(value)) {
      return { ok: false, problem: 'contains characters outside visible ASCII, space and tab' };
    }
    return { ok: true, value };
  }
  const encoded = value.slice(PREFIX.length, value.length - SUFFIX.length);
  if (!BASE64.test(encoded)) {
    return { ok: false, problem: 'has characters outside the Base64 alphabet between =?base64? and ?=' };
  }
  if (encoded.length % 4 !== 0) {
    return { ok: false, problem: 'has Base64 of a length that is not a multiple of 4 (bad padding)' };
  }
  let binary: string;
  try {
    binary = atob(encoded);
  } catch (error) {
    return { ok: false, problem: `is not valid Base64 (${(error as Error).message})` };
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, problem: 'decodes to bytes that are not UTF-8' };
  }
}
