import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentLengthFraming } from './content-length.js';
import { ContentLengthDecoder } from './content-length-decoder.js';
import { encodeFrame } from './encode.js';
import type { FrameEvent } from './types.js';

function decodeAll(chunks: Uint8Array[], limit = 1024): FrameEvent[] {
  const events: FrameEvent[] = [];
  const decoder = new ContentLengthDecoder(limit, (event) => events.push(event));
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return events;
}

const frames = (events: FrameEvent[]) => events.map((event) => (event.kind === 'frame' ? event.text : event));
const framed = (...texts: string[]) =>
  Buffer.concat(texts.map((text) => encodeFrame(text, contentLengthFraming)));

describe('ContentLengthDecoder', () => {
  const texts = ['{"a":"héllo"}', '{"emoji":"😀🎉","cjk":"漢字"}', '{"z":1}'];

  it('decodes frames split at every byte, counting bytes not characters', () => {
    const bytes = framed(...texts);
    expect(bytes.toString('latin1')).toContain(`Content-Length: ${Buffer.byteLength(texts[1]!)}\r\n\r\n`);
    for (let cut = 0; cut <= bytes.byteLength; cut++) {
      expect(frames(decodeAll([bytes.subarray(0, cut), bytes.subarray(cut)]))).toEqual(texts);
    }
    expect(frames(decodeAll([...bytes].map((byte) => Uint8Array.of(byte))))).toEqual(texts);
  });

  it('yields the same frames however the stream is chunked (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (values, cuts) => {
          const jsonTexts = values.map((value) => JSON.stringify({ value }));
          const bytes = framed(...jsonTexts);
          const points = [...new Set(cuts.map((cut) => cut % (bytes.byteLength + 1)))].sort((a, b) => a - b);
          const chunks: Uint8Array[] = [];
          let start = 0;
          for (const point of points) {
            chunks.push(bytes.subarray(start, point));
            start = point;
          }
          chunks.push(bytes.subarray(start));
          expect(frames(decodeAll(chunks, 1 << 20))).toEqual(jsonTexts);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts LF-only header lines, other headers, any header case and stray blank lines', () => {
    const body = '{"b":1}';
    const bytes = Buffer.from(
      `\r\ncontent-type: application/vscode-jsonrpc; charset=utf-8\nCONTENT-LENGTH:  ${body.length}\n\n${body}\n`,
    );
    expect(frames(decodeAll([Buffer.concat([bytes, framed('{"c":2}')])]))).toEqual([body, '{"c":2}']);
  });

  it('skips a body over the limit without buffering it and decodes the next frame', () => {
    const events: FrameEvent[] = [];
    const decoder = new ContentLengthDecoder(100, (event) => events.push(event));
    decoder.push(Buffer.from(`Content-Length: ${50 * 1024 * 1024}\r\n\r\n{"id":3,`));
    const junk = Buffer.alloc(1024 * 1024, 0x61);
    for (let index = 0; index < 49; index++) {
      decoder.push(junk);
      expect(decoder.bufferedBytes).toBe(0);
    }
    decoder.push(junk.subarray(8)); // the body's first 8 bytes came with the headers
    decoder.push(framed('{"ok":true}'));
    expect(events).toEqual([
      { kind: 'oversized', limit: 100, seenBytes: 50 * 1024 * 1024, head: expect.any(Uint8Array) },
      { kind: 'frame', text: '{"ok":true}' },
    ]);
    const head = (events[0] as { head: Uint8Array }).head;
    expect(head.byteLength).toBe(1024);
    expect(Buffer.from(head).toString('latin1')).toBe(`{"id":3,${'a'.repeat(1016)}`);
  });

  it('reports a header block without Content-Length, a bad value, and resynchronises', () => {
    const bytes = Buffer.concat([
      Buffer.from('Content-Type: application/json\r\n\r\n'),
      Buffer.from('Content-Length: twelve\r\n\r\n'),
      framed('{"ok":1}'),
    ]);
    const events = decodeAll([bytes]);
    expect(events[0]).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('without a Content-Length'),
    });
    expect(events[1]).toMatchObject({ kind: 'malformed', reason: expect.stringContaining('"twelve"') });
    expect(events[2]).toEqual({ kind: 'frame', text: '{"ok":1}' });
    expect(events).toHaveLength(3);
  });

  it('ignores look-alike headers and finds Content-Length after garbage without a newline', () => {
    const body = '{"a":1}';
    const bytes = Buffer.from(`X-Content-Length: 99\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(frames(decodeAll([bytes]))).toEqual([body]);
    // A stray body without headers glued to the next frame: the next frame is still found.
    const glued = Buffer.concat([Buffer.from('{"lost":true}'), framed('{"found":true}')]);
    expect(frames(decodeAll([glued]))).toEqual(['{"found":true}']);
  });

  it('reports an oversized body cut short by the end of the stream, with the bytes it got', () => {
    const events = decodeAll([Buffer.from('Content-Length: 5000\r\n\r\n{"id":"x"')], 100);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'oversized', seenBytes: 5000 });
    expect(Buffer.from((events[0] as { head: Uint8Array }).head).toString()).toBe('{"id":"x"');
  });

  it('reports an endless header line and a truncated body at the end of the stream', () => {
    const events = decodeAll([
      Buffer.alloc(20_000, 0x41),
      Buffer.from('\n'),
      Buffer.from('Content-Length: 10\r\n\r\n{"a"'),
    ]);
    expect(events[0]).toMatchObject({ kind: 'malformed', reason: expect.stringContaining('header block') });
    expect(events[1]).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('6 bytes before the end'),
    });
  });

  it('reports a body that is not valid UTF-8', () => {
    const bytes = Buffer.concat([
      Buffer.from('Content-Length: 2\r\n\r\n'),
      Buffer.from([0xff, 0xfe]),
      framed('{}'),
    ]);
    const events = decodeAll([bytes]);
    expect(events[0]).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('not valid UTF-8'),
    });
    expect(events[1]).toEqual({ kind: 'frame', text: '{}' });
  });
});
