import { describe, expect, it } from 'vitest';
import { decodeHeaderValue } from './param-encoding.js';

describe('decodeHeaderValue (SEP-2243 value encoding)', () => {
  it('decodes the spec examples', () => {
    expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toEqual({ ok: true, value: 'Hello, 世界' });
    expect(decodeHeaderValue('=?base64?IHBhZGRlZCA=?=')).toEqual({ ok: true, value: ' padded ' });
    expect(decodeHeaderValue('=?base64?bGluZTEKbGluZTI=?=')).toEqual({ ok: true, value: 'line1\nline2' });
    expect(decodeHeaderValue('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=')).toEqual({
      ok: true,
      value: '=?base64?literal?=',
    });
  });

  it('reads values without the wrapper literally, markers being case-sensitive', () => {
    expect(decodeHeaderValue('us-west1')).toEqual({ ok: true, value: 'us-west1' });
    expect(decodeHeaderValue('  us-west1 ')).toEqual({ ok: true, value: 'us-west1' });
    expect(decodeHeaderValue('=?BASE64?dXM=?=')).toEqual({ ok: true, value: '=?BASE64?dXM=?=' });
  });

  it('refuses bad padding, bad characters and bytes that are not UTF-8', () => {
    expect(decodeHeaderValue('=?base64?dXMtd2VzdDE?=')).toMatchObject({ ok: false, problem: /padding/ });
    expect(decodeHeaderValue('=?base64?dXM=d2Vz?=')).toMatchObject({ ok: false });
    expect(decodeHeaderValue('=?base64?dXMt*2VzdDE=?=')).toMatchObject({ ok: false, problem: /alphabet/ });
    expect(decodeHeaderValue('=?base64?/w==?=')).toMatchObject({ ok: false, problem: /UTF-8/ });
    expect(decodeHeaderValue('caf\u00e9')).toMatchObject({ ok: false, problem: /visible ASCII/ });
  });
});
