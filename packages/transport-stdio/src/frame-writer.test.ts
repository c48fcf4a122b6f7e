import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdioErrorCode } from './errors.js';
import { FrameWriter } from './frame-writer.js';
import { StdioServerTransport } from './server-transport.js';
import { installStdoutGuard } from './stdout-guard.js';
import { waitUntil } from './test-helpers/wait.js';

/** A writable whose reader stalls: chunks are held until `releaseAll()`. */
function stalledWritable() {
  const received: Buffer[] = [];
  const held: Array<() => void> = [];
  let flowing = false;
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, callback) {
      // The empty marker written behind a frame the stream only buffered carries no bytes.
      if (chunk.length > 0) received.push(chunk);
      if (flowing) callback();
      else held.push(() => callback());
    },
  });
  const releaseAll = () => {
    flowing = true;
    for (const callback of held.splice(0)) callback();
  };
  return { stream, received, releaseAll };
}

/** A FrameWriter over a stream that takes every chunk at once and records it as text. */
function recordingWriter() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return { chunks, writer: new FrameWriter(stream, (chunk, done) => stream.write(chunk, done)) };
}

describe('FrameWriter', () => {
  it('stops writing on backpressure, bounds the queue, and resumes in order on drain', async () => {
    const { stream, received, releaseAll } = stalledWritable();
    let streamWrites = 0;
    const writer = new FrameWriter(
      stream,
      (bytes, done) => {
        // A frame the stream did not take whole is followed by an empty marker carrying the callback.
        if (bytes.length > 0) streamWrites++;
        return stream.write(bytes, done);
      },
      8 * 1024,
    );
    const frame = (index: number) => Buffer.from(`${String(index).padStart(4, '0')}${'x'.repeat(1020)}\n`);
    const accepted: Promise<void>[] = [];
    let rejection: unknown;
    for (let index = 0; index < 100 && rejection === undefined; index++) {
      const result = writer.write(frame(index));
      result.catch((error: unknown) => {
        rejection ??= error;
      });
      await Promise.resolve();
      if (rejection === undefined) accepted.push(result);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(rejection).toMatchObject({ code: StdioErrorCode.WriteQueueFull });
    expect((rejection as Error).message).toMatch(/not reading its input/);
    expect(writer.pendingWriteBytes).toBeLessThanOrEqual(8 * 1024);
    // Backpressure: only the first frame reached the stream while it reported itself full.
    expect(streamWrites).toBe(1);
    releaseAll();
    await Promise.all(accepted);
    expect(received.map((chunk) => chunk.subarray(0, 4).toString())).toEqual(
      accepted.map((_, index) => String(index).padStart(4, '0')),
    );
    expect(writer.pendingWriteBytes).toBe(0);
  });

  it('hands the frames sent behind an unconfirmed one to the stream together (one writev)', async () => {
    const batches: string[][] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        batches.push([chunk.toString()]);
        callback();
      },
      writev(chunks, callback) {
        batches.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
        callback();
      },
    });
    const writer = new FrameWriter(stream, (bytes, done) => stream.write(bytes, done));
    // Sent from different microtasks of one turn, as the answers to pipelined requests are.
    const sends = ['a\n', 'b\n', 'c\n'].map((frame) =>
      Promise.resolve().then(() => writer.write(Buffer.from(frame))),
    );
    await Promise.all(sends);
    await writer.write(Buffer.from('d\n'));
    // The first goes at once; the others wait for the end of the turn and go together.
    expect(batches).toEqual([['a\n'], ['b\n', 'c\n'], ['d\n']]);
    await new Promise(setImmediate); // the stream's own callback comes a tick after a whole write
    expect(writer.pendingWriteBytes).toBe(0);
  });

  it('joins the text frames of one turn into one write with one callback, up to a size limit', async () => {
    const { chunks, writer } = recordingWriter();
    const big = `${'z'.repeat(70 * 1024)}\n`;
    const frames = ['a\n', 'é\n', 'c\n', big, 'b\n'];
    await Promise.all(frames.map((frame) => writer.write(frame)));
    // The first goes at once; the big frame goes alone; what follows it starts a new group.
    expect(chunks).toEqual(['a\n', 'é\nc\n', big, 'b\n']);
    expect(writer.pendingWriteBytes).toBe(0);
  });

  it('hands a long run of frames over every 32 frames, in order, instead of holding all of them to the end of the turn', async () => {
    const { chunks, writer } = recordingWriter();
    const frames = Array.from({ length: 70 }, (_, index) => `${index}\n`);
    const sends = frames.map((frame) => writer.write(frame));
    // The first went at once and the next 64 in two groups, before the turn ends; the last 5 wait for it.
    const early = [frames[0], frames.slice(1, 33).join(''), frames.slice(33, 65).join('')];
    expect(chunks).toEqual(early);
    await Promise.all(sends);
    expect(chunks).toEqual([...early, frames.slice(65).join('')]);
    expect(writer.pendingWriteBytes).toBe(0);
  });

  it('counts text frames in UTF-8 bytes against the bound', async () => {
    const { stream, releaseAll } = stalledWritable();
    const writer = new FrameWriter(stream, (chunk, done) => stream.write(chunk, done), 10);
    const first = writer.write('ééé\n'); // 7 bytes, 4 characters
    await expect(writer.write('éé\n')).rejects.toMatchObject({ code: StdioErrorCode.WriteQueueFull });
    expect(writer.pendingWriteBytes).toBe(7);
    releaseAll();
    await first;
  });

  it('fails queued writes on close and refuses new ones', async () => {
    const { stream } = stalledWritable();
    const writer = new FrameWriter(stream, (bytes, done) => stream.write(bytes, done), 1 << 20);
    const first = writer.write(Buffer.alloc(2000));
    const queued = writer.write(Buffer.alloc(10));
    writer.close(new Error('closed for the test'));
    // The first frame reached a stream that never calls back: its promise must not hang.
    await expect(first).rejects.toThrow('closed for the test');
    await expect(queued).rejects.toThrow('closed for the test');
    await expect(writer.write(Buffer.alloc(1))).rejects.toThrow('closed for the test');
    expect(writer.pendingWriteBytes).toBe(0);
  });

  it('holds every frame of a turn for one write after a turn with several, until a turn sends one', async () => {
    const { chunks, writer } = recordingWriter();
    const turn = async (frames: string[]) => {
      await Promise.all(frames.map((frame) => writer.write(frame)));
      await new Promise(setImmediate);
    };
    await turn(['a\n', 'b\n']);
    await turn(['c\n', 'd\n', 'e\n']);
    expect(chunks).toEqual(['a\n', 'b\n', 'c\nd\ne\n']);
    // A lone frame still waits for the end of its turn once, then frames go at once again.
    const lone = writer.write('f\n');
    expect(chunks).toHaveLength(3);
    await lone;
    expect(chunks.at(-1)).toBe('f\n');
    await new Promise(setImmediate);
    writer.write('g\n');
    expect(chunks.at(-1)).toBe('g\n');
  });

  it('hands a lone frame to the stream at once; its send settles when the stream took it whole', async () => {
    const { chunks, writer } = recordingWriter();
    const sent = writer.write('a\n');
    expect(chunks).toEqual(['a\n']);
    await sent;
    // Taken whole: nothing waits for the reader, though the stream calls back only a tick later.
    expect(writer.pendingWriteBytes).toBe(0);
  });

  it('settles the send of a frame the stream only buffered with the stream callback', async () => {
    const { stream, received, releaseAll } = stalledWritable();
    const writer = new FrameWriter(stream, (chunk, done) => stream.write(chunk, done));
    let settled = false;
    const sent = writer.write('a\n').then(() => {
      settled = true;
    });
    expect(received.map(String)).toEqual(['a\n']);
    await new Promise(setImmediate);
    expect(settled).toBe(false);
    expect(writer.pendingWriteBytes).toBe(2);
    releaseAll();
    await sent;
    expect(writer.pendingWriteBytes).toBe(0);
  });

  it('settles a send whose raw write called back before returning with that outcome', async () => {
    // A stream that is no longer writable gets the frame with the callback, which says why.
    const closed = () => new Writable().destroy();
    const failing = new FrameWriter(closed(), (_chunk, done) => {
      done?.(new Error('refused at once'));
      return true;
    });
    await expect(failing.write('a\n')).rejects.toMatchObject({
      code: StdioErrorCode.WriteFailed,
      message: expect.stringContaining('refused at once'),
    });
    expect(failing.pendingWriteBytes).toBe(0);
    const written = new FrameWriter(closed(), (_chunk, done) => {
      done?.();
      return true;
    });
    await expect(written.write('b\n')).resolves.toBeUndefined();
    expect(written.pendingWriteBytes).toBe(0);
  });

  it('writes a lone frame without a callback (no tick), and marks one the stream only buffered', async () => {
    const calls: Array<{ chunk: string; withCallback: boolean }> = [];
    const recorded = (stream: Writable) =>
      new FrameWriter(stream, (chunk, done) => {
        calls.push({ chunk: String(chunk), withCallback: done !== undefined });
        return stream.write(chunk, done);
      });
    const atOnce = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await recorded(atOnce).write('a\n');
    expect(calls).toEqual([{ chunk: 'a\n', withCallback: false }]);
    calls.length = 0;
    const { stream, releaseAll } = stalledWritable();
    const sent = recorded(stream).write('b\n');
    expect(calls).toEqual([
      { chunk: 'b\n', withCallback: false },
      { chunk: '', withCallback: true },
    ]);
    releaseAll();
    await sent;
  });

  it("sends the first frame after the other side's input at once, though the turn already sent one", async () => {
    const { chunks, writer } = recordingWriter();
    void writer.write('a\n');
    writer.inputArrived();
    void writer.write('b\n');
    expect(chunks).toEqual(['a\n', 'b\n']);
    // Without input in between, the next frame of the turn waits for its end.
    const c = writer.write('c\n');
    expect(chunks).toEqual(['a\n', 'b\n']);
    await c;
    expect(chunks).toEqual(['a\n', 'b\n', 'c\n']);
  });

  it('reports a failed write as WRITE_FAILED', async () => {
    const stream = new Writable({
      write: (_chunk, _encoding, callback) => callback(new Error('EPIPE-like')),
    });
    const streamErrors: Error[] = [];
    stream.on('error', (error) => streamErrors.push(error));
    const writer = new FrameWriter(stream, (bytes, done) => stream.write(bytes, done));
    await expect(writer.write(Buffer.from('x'))).rejects.toMatchObject({
      code: StdioErrorCode.WriteFailed,
      message: expect.stringContaining('EPIPE-like'),
    });
    await new Promise(setImmediate); // the stream reports its error a tick later
    expect(streamErrors.map((error) => error.message)).toEqual(['EPIPE-like']);
  });
});

describe('StdioServerTransport backpressure', () => {
  it('fails sends with WRITE_QUEUE_FULL when the client stops reading, and recovers when it reads', async () => {
    const { stream, releaseAll } = stalledWritable();
    const transport = new StdioServerTransport({
      stdin: new PassThrough(),
      stdout: stream,
      maxPendingWriteBytes: 64 * 1024,
    });
    await transport.start();
    const text = 'y'.repeat(4096);
    const sends: Array<Promise<unknown>> = [];
    for (let index = 0; index < 100; index++) {
      sends.push(
        transport.send({ jsonrpc: '2.0', method: 'n', params: { index, text } }).then(
          () => 'sent',
          (error: Error) => error,
        ),
      );
    }
    releaseAll();
    const outcomes = await Promise.all(sends);
    const sent = outcomes.filter((outcome) => outcome === 'sent').length;
    expect(sent).toBeGreaterThan(5);
    expect(sent).toBeLessThan(20);
    expect(outcomes.at(-1)).toMatchObject({ code: StdioErrorCode.WriteQueueFull });
    await expect(transport.send({ jsonrpc: '2.0', method: 'after' })).resolves.toBeUndefined();
    await transport.close();
  });
});

describe('installStdoutGuard', () => {
  it('diverts other writers to the redirect target while active and restores the stream', async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const toStdout: string[] = [];
    const toStderr: string[] = [];
    stdout.on('data', (chunk: Buffer) => toStdout.push(chunk.toString()));
    stderr.on('data', (chunk: Buffer) => toStderr.push(chunk.toString()));
    const originalWrite = stdout.write;
    const guard = installStdoutGuard(stdout, stderr);
    stdout.write('stray text\n');
    guard.rawWrite(Buffer.from('{"frame":1}\n'), () => {});
    guard.restore();
    expect(stdout.write).toBe(originalWrite);
    stdout.write('after restore\n');
    await waitUntil(() => toStdout.length >= 2 && toStderr.length >= 1, 'all writes');
    expect(toStdout.join('')).toBe('{"frame":1}\nafter restore\n');
    expect(toStderr.join('')).toBe('stray text\n');
  });

  it('becomes a pass-through when someone wrapped write after it', async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const toStdout: string[] = [];
    stdout.on('data', (chunk: Buffer) => toStdout.push(chunk.toString()));
    const guard = installStdoutGuard(stdout, stderr);
    const guarded = stdout.write;
    const wrapper = ((...args: Parameters<typeof guarded>) => guarded.apply(stdout, args)) as typeof guarded;
    stdout.write = wrapper;
    guard.restore();
    expect(stdout.write).toBe(wrapper);
    stdout.write('through the wrapper\n');
    await waitUntil(() => toStdout.length === 1, 'the write');
    expect(toStdout).toEqual(['through the wrapper\n']);
  });
});
