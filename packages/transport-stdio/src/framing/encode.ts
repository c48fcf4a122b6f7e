import type { StdioFraming } from './types.js';

/** The bytes that carry one JSON text under the given framing. */
export function encodeFrame(json: string, framing: StdioFraming): Buffer {
  return Buffer.from(framing.encodeText(json), 'utf8');
}
