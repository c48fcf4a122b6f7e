/**
 * How a tool call the text path takes begins: `{"jsonrpc":"2.0","id":` then the id, then
 * `CALL_HEAD`, then the tool's name. mcpkit clients write requests in this key order.
 */
const REQUEST_PREFIX = '{"jsonrpc":"2.0","id":';
/** What follows the id of a tool call, up to the opening quote of its name's value. */
export const CALL_HEAD = ',"method":"tools/call","params":{"name":"';
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const BACKSLASH = 92;
const CLOSING_BRACE = 125;
/** Digits of the largest safe integer: a longer id is left to the parsed path. */
const MAX_ID_DIGITS = 15;

/** A tool call read from its text: where its parts are. */
export interface CallText {
  /** The caller's id: a non-negative integer. */
  id: number;
  /** The tool's name as written (it holds no escape). */
  name: string;
  /** Where the text after the id begins (`,"method":...`). */
  tailAt: number;
  /** Where the name's closing quote is. */
  nameEnd: number;
}

/**
 * Reads a client's line as a tool call that can be relayed without parsing it, or undefined (the
 * line then takes the parsed path, which handles everything): it must begin
 * `{"jsonrpc":"2.0","id":<integer>,"method":"tools/call","params":{"name":"<name>"` with a name
 * holding no escape, end with `}`, and hold no `"_meta"` (a progress token to map) and no `"task"`
 * (a task-augmented call) anywhere; both may stand in the arguments too, which only costs those
 * calls the text path. The rest of the line is not checked: a line that begins like a call but is
 * broken goes upstream as it is, whose parse error (with a null id) makes the relay read its
 * pending lines again and refuse the broken one as the parsed path would (see
 * `ForwardedCalls.take`); an upstream that does not answer it leaves the call to its timeout.
 */
export function readCallText(text: string): CallText | undefined {
  if (!text.startsWith(REQUEST_PREFIX) || text.charCodeAt(text.length - 1) !== CLOSING_BRACE)
    return undefined;
  let at = REQUEST_PREFIX.length;
  let code = text.charCodeAt(at);
  if (code < DIGIT_0 || code > DIGIT_9) return undefined;
  let id = 0;
  const end = at + MAX_ID_DIGITS;
  // JSON has no leading zeros: after a first 0 the id ends.
  do {
    id = id * 10 + code - DIGIT_0;
    code = text.charCodeAt(++at);
  } while (id !== 0 && code >= DIGIT_0 && code <= DIGIT_9 && at < end);
  if (!text.startsWith(CALL_HEAD, at)) return undefined;
  const nameAt = at + CALL_HEAD.length;
  const nameEnd = text.indexOf('"', nameAt);
  if (nameEnd < 0) return undefined;
  for (let index = nameAt; index < nameEnd; index++)
    if (text.charCodeAt(index) === BACKSLASH) return undefined;
  if (text.includes('"_meta"', nameEnd) || text.includes('"task"', nameEnd)) return undefined;
  return { id, name: text.slice(nameAt, nameEnd), tailAt: at, nameEnd };
}
