import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from './encode.js';
import { newlineFraming } from './newline.js';
import { NewlineDecoder } from './newline-decoder.js';
import type { FrameEvent } from './types.js';

function decodeAll(chunks: Uint8Array[], limit = 1024): FrameEvent[] {
  const events: FrameEvent[] = [];
  const decoder = new NewlineDecoder(limit, (event) => events.push(event));
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return events;
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const sorted = [...new Set(cuts.map((cut) => cut % (bytes.byteLength + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const cut of sorted) {
    chunks.push(bytes.subarray(start, cut));
    start = cut;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

const frames = (events: FrameEvent[]) => events.map((event) => (event.kind === 'frame' ? event.text : event));

describe('NewlineDecoder', () => {
  const texts = ['{"a":"héllo"}', '{"emoji":"😀🎉","cjk":"漢字"}', '{"z":1}'];

  it('decodes LF and CRLF lines split at every byte, including inside multi-byte characters', () => {
    const bytes = Buffer.from(`${texts[0]}\r\n${texts[1]}\n${texts[2]}\r\n`, 'utf8');
    for (let cut = 0; cut <= bytes.byteLength; cut++) {
      expect(frames(decodeAll([bytes.subarray(0, cut), bytes.subarray(cut)]))).toEqual(texts);
    }
    const oneByteChunks = [...bytes].map((byte) => Uint8Array.of(byte));
    expect(frames(decodeAll(oneByteChunks))).toEqual(texts);
  });

  it('yields the same frames however the stream is chunked (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (values, cuts, crlf) => {
          const lines = values.map((value) => JSON.stringify({ value }));
          const bytes = Buffer.from(lines.map((line) => `${line}${crlf ? '\r\n' : '\n'}`).join(''), 'utf8');
          expect(frames(decodeAll(splitAt(bytes, cuts), 1 << 20))).toEqual(lines);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skips blank lines and reports a final line that lacks its newline', () => {
    const bytes = Buffer.from('\n\r\n  \n{"a":1}\n\n{"b":2}', 'utf8');
    expect(frames(decodeAll([bytes]))).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('reports an oversized line once, skips it, and decodes the next line', () => {
    const big = `{"pad":"${'x'.repeat(200)}"}`;
    const bytes = Buffer.from(`${big}\n{"ok":true}\n`, 'utf8');
    for (const chunks of [[bytes], splitAt(bytes, [5, 50, 120, 209, 211])]) {
      const events = decodeAll(chunks, 100);
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({ kind: 'oversized', limit: 100 });
      // The head is what had arrived when the line crossed the limit.
      const head = Buffer.from((events[0] as { head: Uint8Array }).head).toString();
      expect(head.length).toBeGreaterThan(100);
      expect(big.startsWith(head)).toBe(true);
      expect(events[1]).toEqual({ kind: 'frame', text: '{"ok":true}' });
    }
  });

  it('accepts a line exactly at the limit, with or without CR', () => {
    const line = `{"p":"${'y'.repeat(94)}"}`; // 102 bytes
    expect(Buffer.byteLength(line)).toBe(102);
    expect(frames(decodeAll([Buffer.from(`${line}\r\n${line}\n`)], 102))).toEqual([line, line]);
    expect(decodeAll([Buffer.from(`${line}\n`)], 101)[0]).toMatchObject({ kind: 'oversized' });
  });

  it('drops an endless line as it arrives instead of buffering it', () => {
    const events: FrameEvent[] = [];
    const decoder = new NewlineDecoder(1024, (event) => events.push(event));
    const junk = Buffer.alloc(64 * 1024, 0x61);
    let mostBuffered = 0;
    for (let index = 0; index < 2048; index++) {
      decoder.push(junk); // 128 MiB in all, never a newline
      mostBuffered = Math.max(mostBuffered, decoder.bufferedBytes);
    }
    expect(mostBuffered).toBeLessThanOrEqual(1024);
    expect(events).toEqual([
      {
        kind: 'oversized',
        limit: 1024,
        seenBytes: junk.byteLength,
        head: Buffer.from(junk.subarray(0, 1024)),
      },
    ]);
    decoder.push(Buffer.from('tail\n{"next":1}\n'));
    expect(events.at(-1)).toEqual({ kind: 'frame', text: '{"next":1}' });
    expect(events).toHaveLength(2);
  });

  it('reports a line that is not valid UTF-8 and goes on', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n{"b":1}\n'),
    ]);
    const events = decodeAll([bytes]);
    expect(events[0]).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('not valid UTF-8'),
    });
    expect(events[1]).toEqual({ kind: 'frame', text: '{"b":1}' });
  });

  it('decodes chunks that are exactly one line each the same as any other chunking', () => {
    const line = `{"p":"${'y'.repeat(94)}"}`; // 102 bytes
    const invalid = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]);
    const chunks = [
      ...texts.map((text) => Buffer.from(`${text}\n`)),
      new Uint8Array(Buffer.from('{"plain":"Uint8Array"}\n')),
      Buffer.from('  \n'),
      Buffer.from(`${line}\r\n`),
      Buffer.from(`${line}\n`),
      invalid,
      Buffer.from('{"after":1}\n'),
    ];
    const events = decodeAll(chunks, 102);
    expect(frames(events.slice(0, 6))).toEqual([...texts, '{"plain":"Uint8Array"}', line, line]);
    expect(events[6]).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('not valid UTF-8'),
    });
    expect(events[7]).toEqual({ kind: 'frame', text: '{"after":1}' });
    expect(decodeAll([Buffer.from(`${line}x\n`)], 102)[0]).toMatchObject({ kind: 'oversized' });
  });

  it('decodes a chunk of many lines (a pipelining peer) after a partial line and before a partial tail', () => {
    const lines = Array.from({ length: 40 }, (_, index) => JSON.stringify({ id: index, text: `é${index}` }));
    const body = lines.map(
      (line, index) => `${line}${index % 3 === 0 ? '\r\n' : '\n'}${index % 7 === 0 ? ' \t\r\n\n' : ''}`,
    );
    const bytes = Buffer.from(`${body.join('')}{"tail":true}\n`, 'utf8');
    // The first chunk ends inside line 0; the second holds lines 1-39 whole and the start of the tail.
    const second = bytes.indexOf('{"tail"') + 3;
    const events = decodeAll([bytes.subarray(0, 5), bytes.subarray(5, second), bytes.subarray(second)]);
    expect(frames(events)).toEqual([...lines, '{"tail":true}']);
    // A non-Buffer chunk takes the same path.
    expect(frames(decodeAll([new Uint8Array(bytes)]))).toEqual([...lines, '{"tail":true}']);
  });

  it('reports the one line of a chunk that is not UTF-8 and decodes the lines around it', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":1}\n{"b":"'),
      Buffer.from([0xff]),
      Buffer.from('"}\n{"c":3}\n'),
    ]);
    const events = decodeAll([bytes]);
    expect(events).toHaveLength(3);
    expect(events[0]).toEqual({ kind: 'frame', text: '{"a":1}' });
    expect(events[1]).toMatchObject({ kind: 'malformed' });
    expect(events[2]).toEqual({ kind: 'frame', text: '{"c":3}' });
  });

  it('tells a real U+FFFD from bytes that are not UTF-8 in a chunk of whole lines', () => {
    const replacement = '{"r":"\uFFFD"}';
    const events = decodeAll([
      Buffer.from(`{"a":1}\n${replacement}\n`),
      // A surrogate half and an overlong '/' are not UTF-8, though the decoder turns them into U+FFFD.
      Buffer.concat([Buffer.from('{"b":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}\n{"c":3}\n')]),
      Buffer.concat([Buffer.from('{"d":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}\n')]),
      Buffer.from('{"e":5}\r\n'),
    ]);
    expect(frames(events.slice(0, 2))).toEqual(['{"a":1}', replacement]);
    expect(events[2]).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('not valid UTF-8'),
    });
    expect(events[3]).toEqual({ kind: 'frame', text: '{"c":3}' });
    expect(events[4]).toMatchObject({ kind: 'malformed' });
    expect(events[5]).toEqual({ kind: 'frame', text: '{"e":5}' });
    expect(events).toHaveLength(6);
  });

  it('round-trips what encodeFrame produces', () => {
    const bytes = Buffer.concat(texts.map((text) => encodeFrame(text, newlineFraming)));
    expect(frames(decodeAll([bytes]))).toEqual(texts);
  });
});
