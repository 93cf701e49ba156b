import type { DemoAccount } from "#shared/schemas/auth.ts";

/** Demo logins, shown on /signin only while demo data is on. Strong, but public by design. */
export const DEMO_ACCOUNTS: readonly (DemoAccount & { name: string })[] = [
  { role: "buyer", name: "Rahim Uddin", email: "buyer@motohaat.test", password: "Buyer!Demo2026" },
  { role: "seller", name: "Karim Motors", email: "seller@motohaat.test", password: "Seller!Demo2026" },
  { role: "admin", name: "MotoHaat Admin", email: "admin@motohaat.test", password: "Admin!Demo2026" },
];
