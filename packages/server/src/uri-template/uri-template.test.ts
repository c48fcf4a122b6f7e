import { describe, expect, it } from 'vitest';
import { UriTemplateError } from './parse.js';
import { UriTemplate } from './uri-template.js';

describe('UriTemplate.match', () => {
  it('extracts simple variables between literals', () => {
    const template = new UriTemplate('test://template/{id}/data');
    expect(template.match('test://template/123/data')).toEqual({ id: '123' });
    expect(template.match('test://template/1/2/data')).toBeUndefined();
    expect(template.match('test://template/123/other')).toBeUndefined();
    expect(template.match('other://template/123/data')).toBeUndefined();
  });

  it('decodes percent-escapes and rejects malformed ones', () => {
    const template = new UriTemplate('users://{name}');
    expect(template.match('users://a%20b')).toEqual({ name: 'a b' });
    expect(template.match('users://a%2Fb')).toEqual({ name: 'a/b' });
    expect(template.match('users://bad%zz')).toBeUndefined();
  });

  it('lets the last expression take everything before a literal suffix', () => {
    const template = new UriTemplate('file:///{name}.txt');
    expect(template.match('file:///notes.v2.txt')).toEqual({ name: 'notes.v2' });
    expect(template.match('file:///notes.md')).toBeUndefined();
  });

  it('matches reserved expansion across slashes', () => {
    const template = new UriTemplate('file:///{+path}');
    expect(template.match('file:///a/b/c.txt')).toEqual({ path: 'a/b/c.txt' });
  });

  it('matches path segments, labels and exploded lists', () => {
    expect(new UriTemplate('repo://x{/owner,name}').match('repo://x/mcp/kit')).toEqual({
      owner: 'mcp',
      name: 'kit',
    });
    expect(new UriTemplate('repo://x{/segments*}').match('repo://x/a/b/c')).toEqual({
      segments: ['a', 'b', 'c'],
    });
    expect(new UriTemplate('host://www{.domain*}').match('host://www.example.com')).toEqual({
      domain: ['example', 'com'],
    });
  });

  it('matches query expressions in any order and with absent variables', () => {
    const template = new UriTemplate('search://items{?q,limit}');
    expect(template.match('search://items?limit=5&q=cats')).toEqual({ q: 'cats', limit: '5' });
    expect(template.match('search://items?q=a%20b')).toEqual({ q: 'a b' });
    expect(template.match('search://items')).toEqual({});
    expect(template.match('search://items?unknown=1')).toBeUndefined();
  });

  it('matches a path variable followed by a query', () => {
    const template = new UriTemplate('api://users/{id}{?fields}');
    expect(template.match('api://users/42?fields=name')).toEqual({ id: '42', fields: 'name' });
    expect(template.match('api://users/42')).toEqual({ id: '42' });
  });

  it('round-trips expansion and matching', () => {
    const template = new UriTemplate('test://template/{id}/data{?q}');
    const uri = template.expand({ id: 'a b/c', q: 'x&y' });
    expect(uri).toBe('test://template/a%20b%2Fc/data?q=x%26y');
    expect(template.match(uri)).toEqual({ id: 'a b/c', q: 'x&y' });
  });

  it('expands characters outside the BMP as UTF-8 and matches them back', () => {
    const template = new UriTemplate('a://{x}{?q}');
    const uri = template.expand({ x: '😀é', q: '日本𠮷' });
    expect(uri).toBe(`a://${encodeURIComponent('😀é')}?q=${encodeURIComponent('日本𠮷')}`);
    expect(template.match(uri)).toEqual({ x: '😀é', q: '日本𠮷' });
  });

  it('matches a 100 KB adversarial URI in linear time', () => {
    const template = new UriTemplate('a://{x}{y}{z}-{w}/end{?q}', { maxUriLength: 1_000_000 });
    const hostile = `a://${'-'.repeat(100_000)}!`;
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(template.match(hostile)).toBeUndefined();
    const suffixHeavy = new UriTemplate('b://{x}.{y}.{z}.txt', { maxUriLength: 1_000_000 });
    expect(suffixHeavy.match(`b://${'.'.repeat(100_000)}x`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses URIs over the length limit without looking at them', () => {
    const template = new UriTemplate('a://{x}');
    expect(template.match(`a://${'x'.repeat(20_000)}`)).toBeUndefined();
    expect(
      new UriTemplate('a://{x}', { maxUriLength: 30_000 }).match(`a://${'x'.repeat(20_000)}`),
    ).toBeDefined();
  });
});

describe('UriTemplate limits and syntax', () => {
  it('rejects invalid templates with the reason', () => {
    expect(() => new UriTemplate('a://{unclosed')).toThrow(UriTemplateError);
    expect(() => new UriTemplate('a://{unclosed')).toThrow(/Invalid URI template "a:\/\/\{unclosed"/);
  });

  it('bounds template length and expression count', () => {
    expect(() => new UriTemplate(`a://${'x'.repeat(2000)}`)).toThrow(/at most 1024/);
    expect(() => new UriTemplate(`a://${'{x}'.repeat(40)}`)).toThrow(/at most 32 are allowed/);
  });

  it('lists variable names and knows static templates', () => {
    expect(new UriTemplate('a://{x}/{y}{?z}').variableNames).toEqual(['x', 'y', 'z']);
    expect(new UriTemplate('a://fixed').isStatic).toBe(true);
  });
});
