import ipaddr from 'ipaddr.js';

/** One allowlist entry: an IPv4/IPv6 address or CIDR range. */
type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Normalises an IP for comparison: IPv4-mapped IPv6 (::ffff:1.2.3.4) becomes plain IPv4. */
function parseIp(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(ip)) return null;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

/**
 * An address as people write it: IPv4 only as four decimal parts without leading zeros, IPv6 in
 * its usual forms. ipaddr.js also accepts inet_aton's shorthand ("10.1" is 10.0.0.1, "010.0.0.1"
 * is octal 8.0.0.1), which in an allowlist would silently admit another network than the one meant.
 */
function isPlainAddress(text: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return true;
  return !text.includes('%') && ipaddr.IPv6.isValid(text);
}

/** Parses an entry such as `203.0.113.7`, `10.0.0.0/8` or `2001:db8::/32`; null when malformed. */
export function parseRange(entry: string): Range | null {
  const text = entry.trim();
  const slash = text.indexOf('/');
  if (!isPlainAddress(slash >= 0 ? text.slice(0, slash) : text)) return null;
  if (slash >= 0 && !/^\d{1,3}$/.test(text.slice(slash + 1))) return null;
  try {
    if (slash >= 0) {
      const [addr, bits] = ipaddr.parseCIDR(text);
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
        return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
      }
      return [addr, bits];
    }
    const addr = parseIp(text);
    if (!addr) return null;
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** True when `ip` falls in one of `allowed`; an empty or absent list allows every IP. */
export function ipAllowed(ip: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const addr = parseIp(ip);
  if (!addr) return false;
  for (const entry of allowed) {
    const range = parseRange(entry);
    if (range && range[0].kind() === addr.kind() && addr.match(range)) return true;
  }
  return false;
}

/**
 * Whether every range of `wanted` lies inside `granted` (a key cannot hand out a wider allowlist
 * than its own). No `granted` list allows everything; no `wanted` list means every IP, so it is
 * covered only by no `granted` list.
 */
export function rangesCovered(granted: readonly string[] | null | undefined, wanted: readonly string[] | null | undefined): boolean {
  if (!granted || granted.length === 0) return true;
  if (!wanted || wanted.length === 0) return false;
  const outer = granted.map(parseRange).filter((r): r is Range => r !== null);
  return wanted.every((entry) => {
    const inner = parseRange(entry);
    return (
      inner !== null && outer.some(([addr, bits]) => inner[0].kind() === addr.kind() && inner[1] >= bits && inner[0].match(addr, bits))
    );
  });
}
