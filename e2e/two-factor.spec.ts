import { generate } from "otplib";
import { MSG } from "#shared/messages.ts";
import { atPath, expect, test } from "./fixtures.ts";

/** What an authenticator app shows for `secret`, `steps` periods of 30 s from now. */
const codeFor = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test("a person turns on two-step sign-in with the key shown, signs out, and signs in with a code", async ({
  newAccount,
}) => {
  const { page, email, password, name } = await newAccount("buyer", "Farhana Two-Step");
  await page.goto("/dashboard/profile");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await section.getByRole("button", { name: "Set up two-step sign-in" }).click();

  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await section.getByRole("definition").textContent()) ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel("Code from the app").fill(await codeFor(secret));
  // Turning it on asks for the password: a stolen session alone cannot lock the owner out.
  await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Turn on" }).click();

  const codes = section.getByRole("list", { name: "Recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("alert").filter({ hasText: MSG.mfa.enabled })).toBeVisible();
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(codes).toHaveCount(0);

  const topBar = page.getByRole("banner");
  await topBar.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(topBar.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

  await page.goto("/signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  const code = page.getByLabel("Authentication code");
  await expect(code).toBeVisible();
  // The password alone signed nobody in.
  expect((await (await page.request.get("/api/auth/me")).json()).user).toBeNull();
  // The current step's code went to enrolment; a code is good once, so the app's next one.
  await code.fill(await codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();

  await expect(page).toHaveURL(atPath("/"));
  await expect(topBar.getByRole("img", { name, exact: true })).toBeVisible();
  expect((await (await page.request.get("/api/auth/me")).json()).user).toMatchObject({
    email,
    mfaEnabled: true,
  });
});
