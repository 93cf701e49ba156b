import {
  atPath,
  consoleOf,
  expect,
  holdPhotos,
  holdRequests,
  hydrated,
  postListing,
  tag,
  test,
  twoFrames,
} from "./fixtures.ts";

/**
 * Public pages arrive rendered by the server (issue 22): readable with JavaScript off, then hydrated
 * by React with nothing in the console, after which they work as the single-page app.
 */

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("every public page can be read and its links followed", async ({ page, newAccount }) => {
    const seller = await newAccount("seller", `Static Seller ${tag()}`);
    const model = `Plainpage ${tag()}`;
    const listing = await postListing(seller, {
      model,
      askingPrice: 187_000,
      district: "khulna",
      advertise: true,
    });

    await page.goto("/");
    await expect(page.getByRole("searchbox", { name: "Find a used bike" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Browse by category" })).toBeVisible();
    await expect(page.getByRole("link", { name: model }).first()).toBeVisible();

    // A plain link, followed by the browser itself.
    await page.goto("/products/all");
    await expect(page.getByRole("heading", { level: 1, name: "All bikes" })).toBeVisible();
    await page.getByRole("article", { name: model }).getByRole("link", { name: model }).click();
    await expect(page).toHaveURL(atPath(`/products/productdetails/${listing.id}`));
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await expect(page.getByText("৳1,87,000").first()).toBeVisible();
    await expect(page.getByText("Khulna").first()).toBeVisible();
    await expect(page.getByRole("img", { name: model }).first()).toBeVisible();

    await page.getByRole("link", { name: seller.name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: seller.name })).toBeVisible();

    // The home page's search is a plain form: it works before (and without) the app's code.
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Find a used bike" }).fill(model);
    await page.getByRole("searchbox", { name: "Find a used bike" }).press("Enter");
    await expect(page).toHaveURL(atPath("/products/all"));
    await expect(page.getByRole("article", { name: model })).toBeVisible();

    for (const [url, heading] of [
      ["/blog", "Blog"],
      ["/faq", "Frequently asked questions"],
      ["/terms", "Terms"],
      ["/privacy", "Privacy"],
      ["/cookies", "Cookie"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(heading) })).toBeVisible();
    }

    const missing = await page.goto("/no/such/page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Back to homepage" })).toBeVisible();
  });
});

test("a rendered page hydrates without a word in the console, then works as the app", async ({
  page,
  newAccount,
}) => {
  const seller = await newAccount("seller", `Hydrate Seller ${tag()}`);
  const word = `Hydra${tag()}`;
  await postListing(seller, { model: `${word} Dhaka`, district: "dhaka" });
  await postListing(seller, { model: `${word} Sylhet`, district: "sylhet" });
  const lines = consoleOf(page);

  for (const url of ["/", "/faq", "/blog", "/no/such/page", `/sellers/${encodeURIComponent("x")}`]) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
  }

  const apiCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/listings")) apiCalls.push(r.url());
  });
  let documents = 0;
  const stylesheets: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents += 1;
    if (r.resourceType() === "stylesheet") stylesheets.push(r.url());
  });
  await page.goto(`/products/all?q=${word}`);
  await expect(page.getByRole("article")).toHaveCount(2);
  await page.waitForLoadState("networkidle");
  // The list came with the page: hydration asked the API for none of it again, and its styles
  // (inside the page) were not fetched either, by the page or by the app's lazy code.
  expect(apiCalls).toEqual([]);
  expect(stylesheets).toEqual([]);
  // Styled all the same: the top bar sticks (Tailwind's `sticky`), which no browser default does.
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
  // The head script (allowed by its hash) added the taka sign's face, loaded before anything was laid
  // out: no font arrives later to restyle the page.
  const faces = await page.evaluate(() =>
    [...document.fonts].map(
      (face) => `${face.family.replaceAll('"', "")} ${face.unicodeRange} ${face.status}`,
    ),
  );
  expect(faces).toContain("MotoHaat Taka U+9F3 loaded");

  // Then a filter changes the list in place: no new document, one API call.
  await page.getByLabel("District").selectOption({ label: "Sylhet" });
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article", { name: `${word} Sylhet` })).toBeVisible();
  expect(documents).toBe(1);
  expect(apiCalls.length).toBeGreaterThan(0);

  // A page the server kept is as current as its answer (decision 027), however long ago it was made:
  // with the browser's clock ten minutes on (past every answer's freshness), hydration still asks
  // for none of it again.
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  apiCalls.length = 0;
  await page.goto(`/products/all?q=${word}`);
  await expect(page.getByRole("article")).toHaveCount(2);
  await page.waitForLoadState("networkidle");
  expect(apiCalls).toEqual([]);
  expect(lines).toEqual([]);
});

test.describe("the app's code after the page", () => {
  /** The app's JavaScript files the page has asked for so far. */
  const scriptsOf = (page: import("@playwright/test").Page) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    return scripts;
  };

  test("a rendered bike page asks for it once it is drawn and its photo has come", async ({
    page,
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Photo First Seller ${tag()}`);
    const model = `Photofirst ${tag()}`;
    const listing = await postListing(seller, { model });
    const scripts = scriptsOf(page);
    const release = await holdPhotos(page);

    await page.goto(`/products/productdetails/${listing.id}`, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    // Drawn, and two frames more: the photo is still on its way, so no code has been asked for.
    await twoFrames(page);
    expect(scripts).toEqual([]);

    release();
    await expect.poll(() => scripts.some((path) => /^\/assets\/index-.+\.js$/.test(path))).toBe(true);
    await hydrated(page);
  });

  test("a press before the code has come is carried out once it has: Book now sends a visitor to sign in", async ({
    page,
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Early Press Seller ${tag()}`);
    const model = `Earlypress ${tag()}`;
    const listing = await postListing(seller, { model });
    // The app's code held on its way, as on a slow line, while the page is read.
    const release = await holdRequests(page, /\/assets\/.+\.js$/);

    await page.goto(`/products/productdetails/${listing.id}`, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await page.getByRole("button", { name: "Book now" }).first().click();
    await twoFrames(page);
    await expect(page).toHaveURL(atPath(`/products/productdetails/${listing.id}`));

    release();
    await expect(page).toHaveURL(atPath("/signin"));
    await hydrated(page);
  });

  test("a photo that never comes holds it for 3 s at most", async ({ page, newAccount }) => {
    const seller = await newAccount("seller", `Slow Photo Seller ${tag()}`);
    const model = `Slowphoto ${tag()}`;
    const listing = await postListing(seller, { model });
    const scripts = scriptsOf(page);
    await page.route("**/images/**", () => {}); // never answered
    // Paused: an installed clock otherwise also ticks on its own, by however long the machine takes.
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1_000);

    await page.goto(`/products/productdetails/${listing.id}`, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await page.clock.runFor(2_900);
    expect(scripts).toEqual([]);
    await page.clock.runFor(200);
    await expect.poll(() => scripts.some((path) => /^\/assets\/index-.+\.js$/.test(path))).toBe(true);
  });
});

test("a signed-in buyer's own booking fills in after the page, which is the same for everyone", async ({
  page,
  newAccount,
}) => {
  const seller = await newAccount("seller", `Booked Seller ${tag()}`);
  const buyer = await newAccount("buyer", `Booking Buyer ${tag()}`);
  const model = `Mine ${tag()}`;
  const listing = await postListing(seller, { model });
  const booked = await buyer.page.request.post("/api/orders", {
    headers: { origin: buyer.origin },
    data: { listingId: listing.id, phone: "01711-000000", meetingLocation: "Gulshan 1" },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  const lines = consoleOf(buyer.page);
  const res = await buyer.page.goto(`/products/productdetails/${listing.id}`);
  const html = (await res?.text()) ?? "";
  // The HTML is a visitor's: nothing of the buyer in it.
  expect(html).not.toContain(buyer.name);
  expect(html).not.toContain(buyer.email);
  expect(res?.headers()["cache-control"]).toBe("no-cache");
  // Then the page asks again with the buyer's session and shows their booking.
  await expect(buyer.page.getByText(/Booked by you/).first()).toBeVisible();
  expect(lines).toEqual([]);
  void page;
});
