import { MSG } from "#shared/messages.ts";
import { atPath, expect, test } from "./fixtures.ts";

test("an unknown page answers 404 with the not-found page, which leads home", async ({ page }) => {
  const response = await page.goto("/no/such/page?x=1");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: MSG.generic.notFound })).toBeVisible();

  await page.getByRole("link", { name: "Back to homepage" }).click();
  await expect(page).toHaveURL(atPath("/"));
  await expect(page.getByRole("heading", { name: MSG.generic.notFound })).toHaveCount(0);
});

test("an unknown API path answers 404 problem+json, not the SPA", async ({ request }) => {
  const res = await request.get("/api/no-such-endpoint");
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toMatch(/^application\/problem\+json/);
  expect(await res.json()).toMatchObject({ status: 404, title: expect.any(String) });
});
