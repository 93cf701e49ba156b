import { describe, expect, it } from "vitest";
import { maskIp } from "./mask-ip.ts";

describe("maskIp", () => {
  it.each([
    ["203.0.113.57", "203.0.113.x"],
    ["::ffff:198.51.100.23", "198.51.100.x"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::/48"],
    ["2001:0db8::1", "2001:db8:0::/48"],
    ["::1", "0:0:0::/48"],
    ["fe80::1%eth0", "fe80:0:0::/48"],
  ])("%s → %s", (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });

  it.each([undefined, "", "not-an-ip", "999.1.1.1"])("%s → null", (ip) => {
    expect(maskIp(ip)).toBeNull();
  });
});
