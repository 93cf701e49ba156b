import { isIPv4, isIPv6 } from "node:net";

/**
 * An address reduced to its network, "where-ish" and no more: the last part of an IPv4 address
 * (203.0.113.x), everything after the first 48 bits of an IPv6 one (2001:db8:85a3::/48, a site).
 * Only this is stored for a session: the device list needs nothing finer.
 */
export function maskIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = unmapIpv4(ip);
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.x`;
  if (!isIPv6(ip)) return null;
  return `${expandIpv6(ip).slice(0, 3).join(":")}::/48`;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" filled in). */
export function expandIpv6(ip: string): string[] {
  const [head = "", tail] = ip.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((g) => Number.parseInt(g, 16).toString(16));
}

/** An IPv4-mapped IPv6 address (::ffff:203.0.113.7) as the IPv4 address it is; any other unchanged. */
export function unmapIpv4(ip: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
}
