import "./zod-config.ts";
import { describe, expect, it } from "vitest";
import { globalConfig } from "zod/v4/core";
import { SigninSchema } from "#shared/schemas/auth.ts";

describe("zod in the browser", () => {
  it("runs jitless, so it never probes eval (a CSP violation), and still parses", () => {
    expect(globalConfig.jitless).toBe(true);
    expect(SigninSchema.safeParse({ email: "buyer@motohaat.test", password: "Buyer!Demo2026" }).success).toBe(
      true,
    );
    expect(SigninSchema.safeParse({ email: "not an email", password: "" }).success).toBe(false);
  });
});
