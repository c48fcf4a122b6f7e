import { describe, expect, it } from 'vitest';
import { parseSseBytes, type SseEvent, SseParser } from './sse-parser.js';

function collect(
  text: string,
  splitAt: number[] = [],
): { events: SseEvent[]; ids: string[]; retries: number[] } {
  const events: SseEvent[] = [];
  const ids: string[] = [];
  const retries: number[] = [];
  const parser = new SseParser({
    onEvent: (event) => events.push(event),
    onId: (id) => ids.push(id),
    onRetry: (ms) => retries.push(ms),
  });
  let previous = 0;
  for (const cut of [...splitAt, text.length]) {
    parser.feed(text.slice(previous, cut));
    previous = cut;
  }
  parser.end();
  return { events, ids, retries };
}

async function* bytesIn(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let offset = 0;
  let index = 0;
  while (offset < bytes.length) {
    const size = sizes[index++ % sizes.length] ?? 1;
    yield bytes.subarray(offset, offset + size);
    offset += size;
  }
}

describe('SseParser', () => {
  it('parses LF, CRLF and CR line endings alike', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = `event: message${eol}id: 7${eol}data: {"a":1}${eol}${eol}data: second${eol}${eol}`;
      const { events } = collect(text);
      expect(events, JSON.stringify(eol)).toEqual([
        { event: 'message', data: '{"a":1}', id: '7' },
        { event: 'message', data: 'second', id: '7' },
      ]);
    }
  });

  it('joins multi-line data with LF and keeps a space after the first one only', () => {
    const { events } = collect('data: line one\ndata:line two\ndata:  indented\n\n');
    expect(events[0]?.data).toBe('line one\nline two\n indented');
  });

  it('ignores comments, unknown fields and events without data, but records their ids', () => {
    const { events, ids } = collect(
      ': keep-alive\nfoo: bar\n\nid: prime-1\ndata:\n\nid: 2\nevent: custom\ndata: x\n\n',
    );
    expect(events).toEqual([{ event: 'custom', data: 'x', id: '2' }]);
    expect(ids).toEqual(['prime-1', '2']);
  });

  it('reports valid retry fields and ignores invalid ones', () => {
    const { retries, events } = collect('retry: 1500\nid: 1\ndata:\n\nretry: soon\ndata: y\n\n');
    expect(retries).toEqual([1500]);
    expect(events).toEqual([{ event: 'message', data: 'y', id: '1' }]);
  });

  it('handles a field line without a colon and an id that contains NUL', () => {
    const { events, ids } = collect('id: ok\n\nid: bad\u0000\ndata\ndata: z\n\n');
    expect(ids).toEqual(['ok']);
    expect(events).toEqual([{ event: 'message', data: '\nz', id: 'ok' }]);
  });

  it('discards an unterminated final event', () => {
    const { events } = collect('data: complete\n\ndata: partial\n');
    expect(events.map((e) => e.data)).toEqual(['complete']);
  });

  it('does not take the id of an event cut off before its blank line, so a resumption replays it', () => {
    const { events, ids } = collect('id: 1\ndata: one\n\nid: 2\ndata: tw');
    expect(events.map((e) => e.id)).toEqual(['1']);
    expect(ids).toEqual(['1']);
    const parser = new SseParser({ onEvent: () => undefined });
    parser.feed('id: 1\ndata: one\n\nid: 2\n');
    parser.end();
    expect(parser.lastId).toBe('1');
  });

  it('gives the same events whatever the chunk boundaries, including a split CRLF', () => {
    const text =
      'id: a\r\nevent: e1\r\ndata: one\r\ndata: two\r\n\r\n: c\r\nretry: 10\rdata: three\r\r\ndata: four\n\n';
    const expected = collect(text);
    expect(expected.events).toHaveLength(3);
    for (let cut = 0; cut <= text.length; cut++) {
      expect(collect(text, [cut]), `split at ${cut}`).toEqual(expected);
    }
    for (let first = 0; first < text.length; first += 3) {
      for (let second = first; second <= text.length; second += 5) {
        expect(collect(text, [first, second])).toEqual(expected);
      }
    }
  });
});

describe('parseSseBytes', () => {
  it('decodes UTF-8 split inside multi-byte characters and strips a byte order mark', async () => {
    const text = '\uFEFFdata: {"text":"héllo wörld 🎉 日本"}\n\nid: ✓\ndata: 𝄞\n\n';
    const bytes = new TextEncoder().encode(text);
    expect(bytes[0]).toBe(0xef);
    for (const sizes of [[1], [2], [3], [5, 1, 7], [64]]) {
      const events: SseEvent[] = [];
      const parser = new SseParser({ onEvent: (event) => events.push(event) });
      await parseSseBytes(bytesIn(bytes, sizes), parser);
      expect(events, `chunk sizes ${sizes.join(',')}`).toEqual([
        { event: 'message', data: '{"text":"héllo wörld 🎉 日本"}' },
        { event: 'message', data: '𝄞', id: '✓' },
      ]);
      expect(parser.lastId).toBe('✓');
    }
  });

  it('stops early when asked', async () => {
    const bytes = new TextEncoder().encode('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    const events: SseEvent[] = [];
    const parser = new SseParser({ onEvent: (event) => events.push(event) });
    await parseSseBytes(bytesIn(bytes, [9]), parser, () => events.length >= 1);
    expect(events.map((e) => e.data)).toEqual(['1']);
  });
});
