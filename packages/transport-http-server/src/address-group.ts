/**
 * The key one client address counts under for `maxSessionsPerAddress`. An IPv6 address counts as
 * its /64 prefix (`2001:db8:1:2::/64`): one subscriber is routinely given a whole /64, so a cap
 * per single IPv6 address would let one client open sessions from as many addresses as it likes.
 * An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack Node server reports for IPv4
 * clients) counts as the IPv4 address. Anything else (IPv4, or whatever `clientAddress` returns
 * that is not IPv6) is its own key.
 */
export function addressGroup(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  const prefix = groups.slice(0, 4).map((group) => group.toString(16));
  return prefix.every((group) => group === '0') ? '::/64' : `${prefix.join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (brackets and zone allowed), or undefined if it is none. */
function ipv6Groups(text: string): number[] | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const halves = bare.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string): number[] | undefined => {
    if (half === '') return [];
    const parts = half.split(':');
    const last = parts.at(-1)!;
    const tail: number[] = [];
    if (last.includes('.')) {
      const octets = last.split('.');
      if (octets.length !== 4 || !octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) < 256))
        return undefined;
      const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
      tail.push((a << 8) | b, (c << 8) | d);
      parts.pop();
    }
    if (!parts.every((part) => /^[0-9a-f]{1,4}$/i.test(part))) return undefined;
    return [...parts.map((part) => Number.parseInt(part, 16)), ...tail];
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !rest) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - rest.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...rest] : undefined;
}
