import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingRequest, PendingRequests } from './pending-requests.js';

const noop = () => undefined;
const request = (id: number | string, timeoutMs?: number) => {
  const pending = new PendingRequest(id, `m${id}`, noop, noop);
  if (timeoutMs !== undefined) pending.setTimeouts(timeoutMs, undefined);
  return pending;
};

afterEach(() => {
  vi.useRealTimers();
});

// A request sent while none is pending is held apart from the Map (a one-at-a-time caller's
// common case); these check that the table behaves as one either way.
describe('PendingRequests', () => {
  it('finds and takes requests by id whichever way they were held, each once', () => {
    const table = new PendingRequests(noop);
    const [a, b, c] = [request(1), request(2), request('3')];
    table.add(a);
    table.add(b);
    expect(table.size).toBe(2);
    expect(table.get(1)).toBe(a);
    expect(table.get(2)).toBe(b);
    expect(table.take(1)).toBe(a);
    expect(table.take(1)).toBeUndefined();
    // Added while b is still pending: c waits in the Map beside it.
    table.add(c);
    expect(table.get(3)).toBeUndefined(); // ids compare as sent: 3 is not '3'
    expect(table.take('3')).toBe(c);
    expect(table.take(2)).toBe(b);
    expect(table.size).toBe(0);
    expect(table.take(2)).toBeUndefined();
  });

  it('drains every pending request, oldest first, and stops listening to their signals', () => {
    const table = new PendingRequests(noop);
    const unlisten = vi.fn();
    const [a, b, c, d] = [request(1), request(2), request(3), request(4)];
    a.unlisten = unlisten;
    table.add(a);
    table.add(b);
    table.add(c);
    table.take(2);
    table.add(d);
    expect(table.drain()).toEqual([a, c, d]);
    expect(unlisten).toHaveBeenCalledOnce();
    expect(table.size).toBe(0);
    expect(table.get(1)).toBeUndefined();
  });

  it('expires overdue requests however they were held, and only those', () => {
    vi.useFakeTimers();
    const expired: PendingRequest[] = [];
    // As the peer does: an expired request is taken (and failed) by the callback.
    const table: PendingRequests = new PendingRequests((pending) => {
      table.take(pending.id);
      expired.push(pending);
    });
    const first = request(1, 100);
    const second = request(2, 100);
    table.add(first);
    table.add(second);
    vi.advanceTimersByTime(50);
    const later = request(3, 100);
    table.add(later);
    vi.advanceTimersByTime(60);
    expect(expired).toEqual([first, second]);
    vi.advanceTimersByTime(50);
    expect(expired).toEqual([first, second, later]);
  });
});
