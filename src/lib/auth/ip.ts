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

/** Parses an entry such as `203.0.113.7`, `10.0.0.0/8` or `2001:db8::/32`; null when malformed. */
export function parseRange(entry: string): Range | null {
  const text = entry.trim();
  try {
    if (text.includes('/')) {
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
