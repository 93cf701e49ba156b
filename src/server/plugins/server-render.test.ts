import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { listings } from "#server/db/schema.ts";
import { patchListing, postedListing } from "#server/features/listings/testing.ts";
import { call, createTestApp, freshPostgresUrl, type TestApp, testDbKind } from "#server/test/app.ts";
import { bookOrder, buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import bn from "#shared/i18n/bn.json" with { type: "json" };

/*
 * The public pages as a browser with JavaScript off, a search engine or a link preview gets them: the
 * production web build (src/test-setup/web-build.ts) rendered by this server.
 */

const PUBLIC_URL = "https://motohaat.example";

/** The Nu Html Checker's jar (the package exports its path and ships no types). */
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

function decodeEntities(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** What is inside `<div id="root">`: the page a person reads. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="ssr-state">');
  expect(start, "a rendered page").toBeGreaterThan(0);
  expect(end, "with its state").toBeGreaterThan(start);
  return html.slice(start, end);
}

/** The page's text, as a reader with no styles and no scripts sees it. */
function textOf(html: string): string {
  return decodeEntities(
    rootOf(html)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  );
}

const titleOf = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const descriptionOf = (html: string) =>
  decodeEntities(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
const canonicalOf = (html: string) =>
  [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
const h1Of = (html: string) =>
  [...rootOf(html).matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) =>
    decodeEntities(m[1]!.replace(/<[^>]+>/g, "")).trim(),
  );

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe("public pages rendered on the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = process.env.MOTOHAAT_TEST_WEB_BUILD;
    if (!webDist) throw new Error("No web build: src/test-setup/web-build.ts makes one for the server tests");
    t = await createTestApp({ PUBLIC_URL }, { webDist });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string, cookie?: string) => call(t.app, { method: "GET", url, cookie });

  it("sends the home page with its bikes, their links, its head and a strict CSP", async () => {
    const seller = await buildUser(t.app, { role: "seller", name: "Rahim Motors" });
    const bike = await buildListing(t.app, {
      sellerId: seller.id,
      brand: "Yamaha",
      model: "Yamaha R15 V4",
      askingPrice: 412_000,
      advertised: true,
    });
    const res = await page("/");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    // The same HTML for everyone: revalidated, never private.
    expect(res.headers["cache-control"]).toBe("no-cache");

    const text = textOf(res.body);
    expect(text).toContain("Yamaha R15 V4");
    expect(text).toContain("৳4,12,000");
    expect(rootOf(res.body)).toContain(`href="/products/productdetails/${bike.id}"`);
    expect(titleOf(res.body)).toBe("MotoHaat — used motorbikes in Bangladesh");
    expect(canonicalOf(res.body)).toEqual([`${PUBLIC_URL}/`]);

    // Scripts: the app's files, data the browser does not run, and one inline script (the theme, set
    // before first paint) that the policy names by its hash: no other inline script could run.
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("unsafe-inline");
    const inline = [...res.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash("sha256").update(inline[0]!).digest("base64");
    expect(scriptSrc!.split(" ").filter((source) => source.startsWith("'sha"))).toEqual([`'sha256-${hash}'`]);
    for (const [tag] of res.body.matchAll(/<script[^>]*>/g)) {
      expect(tag).toMatch(/^<script>$| src="|type="application\/(ld\+)?json"/);
    }
    // The page reads without the app's code: its tags wait in an inert template, at the end, for the
    // head script to ask for them once the page is drawn (e2e/server-rendered.spec.ts); none outside.
    const code = /<template data-app-code>(.*?)<\/template>\s*<\/body>/.exec(res.body)?.[1] ?? "";
    expect(code).toMatch(
      /^<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>(<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">)+$/,
    );
    const outside = res.body.replace(code, "");
    expect(outside).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
  });

  it("carries its stylesheet inside, so it paints as it arrives; the app's own shell links it", async () => {
    const built = await fs.readFile(path.join(process.env.MOTOHAAT_TEST_WEB_BUILD!, "index.html"), "utf8");
    const href = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(built)?.[1];
    expect(href, "the build links one stylesheet").toMatch(/^\/assets\/.+\.css$/);
    const css = await fs.readFile(path.join(process.env.MOTOHAAT_TEST_WEB_BUILD!, href!), "utf8");

    const rendered = (await page("/faq")).body;
    expect(rendered).toContain(`<style>${css}</style>`);
    // Still named, for the app's lazy code to find, but not fetched.
    const [link] = [...rendered.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    expect(link).toContain(`href="${href}"`);
    expect(link).toMatch(/ disabled>$/);

    const shell = (await page("/dashboard")).body;
    expect(shell).not.toContain("<style>");
    expect(shell).toMatch(new RegExp(`<link rel="stylesheet"[^>]*href="${href}"[^>]*>`));
    expect(shell).not.toMatch(/ disabled>/);
  });

  it("sends a page compressed as the browser asks, the same page as plain", async () => {
    const plain = await page("/faq");
    for (const [encoding, decode] of [
      ["br", zlib.brotliDecompressSync],
      ["gzip", zlib.gunzipSync],
    ] as const) {
      const res = await call(t.app, {
        method: "GET",
        url: "/faq",
        headers: { "accept-encoding": `${encoding}, identity` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(decode(res.rawPayload).toString("utf8")).toBe(plain.body);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    }
    const identity = await call(t.app, {
      method: "GET",
      url: "/faq",
      headers: { "accept-encoding": "identity" },
    });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it("leaves no timer behind a render: nothing of a page stays in memory after it went out", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    await buildListing(t.app, { model: "Timerless 150" });
    const before = timers();
    // Query-string spellings no other test asks for: each is a render, not a kept page.
    for (const q of ["timerless", "Timerless", "TIMERLESS"]) {
      expect(textOf((await page(`/products/all?q=${q}`)).body)).toContain("Timerless 150");
    }
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it("sends a list page with the bikes its search, filters and sort find, and only those", async () => {
    const inDhaka = await buildListing(t.app, {
      model: "Honda Hornet 2.0",
      brand: "Honda",
      districtSlug: "dhaka",
    });
    const inSylhet = await buildListing(t.app, {
      model: "Suzuki Gixxer SF",
      brand: "Suzuki",
      districtSlug: "sylhet",
    });
    const res = await page("/products/all?district=dhaka&sort=price_asc");
    expect(res.statusCode, res.body).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain(inDhaka.model);
    expect(text).not.toContain(inSylhet.model);
    // Its hearts drawn as they will be, not greyed out until the session comes.
    expect(rootOf(res.body)).toContain(`aria-label="Save ${inDhaka.model}"`);
    expect(rootOf(res.body)).not.toMatch(/<button[^>]* disabled=""/);
    expect(h1Of(res.body)).toEqual(["All bikes"]);
    expect(titleOf(res.body)).toBe("All bikes — MotoHaat");
    expect(descriptionOf(res.body)).toMatch(/^All bikes: used motorbikes for sale in Bangladesh/);
    // A filtered list is its own page to a search engine.
    expect(canonicalOf(res.body)).toEqual([`${PUBLIC_URL}/products/all?district=dhaka&sort=price_asc`]);
  });

  it("sends a bike's page with its facts, price, seller and JSON-LD Product with an Offer in taka", async () => {
    const seller = await buildUser(t.app, { role: "seller", name: "Karim Bikes" });
    const bike = await buildListing(t.app, {
      sellerId: seller.id,
      brand: "Bajaj",
      model: "Bajaj Pulsar N160",
      askingPrice: 198_500,
      year: 2022,
      kmRun: 12_300,
      districtSlug: "chattogram",
    });
    const res = await page(`/products/productdetails/${bike.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = textOf(res.body);
    for (const fact of ["Bajaj Pulsar N160", "৳1,98,500", "2022", "12,300 km", "Chattogram", "Karim Bikes"]) {
      expect(text).toContain(fact);
    }
    // The gallery's first photo is in the HTML.
    expect(rootOf(res.body)).toContain(`/images/${bike.photoKey}-`);
    // Nobody's contact details: the seller's email never reaches a visitor.
    expect(res.body).not.toContain(seller.email);
    // Book now and Report drawn as they will be, not greyed out until the session comes (Save, whose
    // code comes later, is).
    const buttons = rootOf(res.body).match(/<button[^>]*>/g) ?? [];
    expect(buttons.filter((b) => b.includes('disabled=""'))).toEqual([
      expect.stringContaining('aria-label="Save Bajaj Pulsar N160"'),
    ]);

    expect(h1Of(res.body)).toContain("Bajaj Pulsar N160");
    expect(descriptionOf(res.body)).toContain("৳1,98,500");
    expect(canonicalOf(res.body)).toEqual([`${PUBLIC_URL}/products/productdetails/${bike.id}`]);
    expect(jsonLdOf(res.body)).toEqual([
      expect.objectContaining({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Bajaj Pulsar N160",
        brand: { "@type": "Brand", name: "Bajaj" },
        offers: expect.objectContaining({
          "@type": "Offer",
          price: 198_500,
          priceCurrency: "BDT",
          availability: "https://schema.org/InStock",
          url: `${PUBLIC_URL}/products/productdetails/${bike.id}`,
        }),
      }),
    ]);
  });

  it("never serves a kept page stale: an edit, a sale or a removal shows in the next answer", async () => {
    const bike = await buildListing(t.app, { model: "Kept Page 125", askingPrice: 120_000 });
    const url = `/products/productdetails/${bike.id}`;
    const first = await page(url);
    expect(textOf(first.body)).toContain("৳1,20,000");
    // The same answers again: the kept page, the same HTML.
    expect(rootOf((await page(url)).body)).toBe(rootOf(first.body));

    await t.app.db.update(listings).set({ askingPrice: 99_000 }).where(eq(listings.id, bike.id));
    const edited = await page(url);
    expect(textOf(edited.body)).toContain("৳99,000");
    expect(textOf(edited.body)).not.toContain("৳1,20,000");

    await t.app.db.update(listings).set({ status: "sold" }).where(eq(listings.id, bike.id));
    const [product] = jsonLdOf((await page(url)).body);
    expect(product?.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });

    expect(textOf((await page("/products/all?q=Kept%20Page")).body)).not.toContain("Kept Page 125");
    await t.app.db.update(listings).set({ hidden: true }).where(eq(listings.id, bike.id));
    expect((await page(url)).statusCode).toBe(404);
  });

  it("says a sold bike is sold out in its JSON-LD", async () => {
    const bike = await buildListing(t.app, { status: "sold" });
    const res = await page(`/products/productdetails/${bike.id}`);
    expect(res.statusCode).toBe(200);
    const [product] = jsonLdOf(res.body);
    expect(product?.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
  });

  it("sends a seller's page with their name and bikes", async () => {
    const seller = await buildUser(t.app, { role: "seller", name: "Dhaka Wheels" });
    await buildListing(t.app, { sellerId: seller.id, model: "TVS Apache RTR 160" });
    const res = await page(`/sellers/${seller.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(h1Of(res.body)).toContain("Dhaka Wheels");
    expect(textOf(res.body)).toContain("TVS Apache RTR 160");
    expect(titleOf(res.body)).toBe("Dhaka Wheels — MotoHaat");
    expect(res.body).not.toContain(seller.email);
  });

  it("sends the blog, the FAQ and the legal pages with their headings", async () => {
    for (const [url, heading] of [
      ["/blog", "Blog"],
      ["/faq", "Frequently asked questions"],
      ["/terms", "Terms"],
      ["/privacy", "Privacy"],
      ["/cookies", "Cookie"],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(h1Of(res.body).join(" "), url).toContain(heading);
      expect(canonicalOf(res.body), url).toEqual([`${PUBLIC_URL}${url}`]);
    }
  });

  it("answers 404 with the not-found page for an unknown address, bike, hidden bike, seller, category or article", async () => {
    const hidden = await buildListing(t.app, { hidden: true, model: "Hidden Hunk 150" });
    const cases = [
      ["/no/such/page", "Page not found — MotoHaat"],
      ["/products/productdetails/00000000-0000-4000-8000-000000000000", "Bike not found — MotoHaat"],
      ["/products/productdetails/not-an-id", "Bike not found — MotoHaat"],
      [`/products/productdetails/${hidden.id}`, "Bike not found — MotoHaat"],
      ["/sellers/00000000-0000-4000-8000-000000000000", "Seller not found — MotoHaat"],
      ["/products/no-such-category", "Category not found — MotoHaat"],
      ["/blog/no-such-article", "Article not found — MotoHaat"],
    ] as const;
    for (const [url, title] of cases) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(titleOf(res.body), url).toBe(title);
      expect(textOf(res.body), url).not.toContain("Hidden Hunk");
    }
  });

  it("sends /products on to every bike", async () => {
    const res = await page("/products");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/products/all");
  });

  it("never puts a signed-in person's state in a page: the same public HTML whoever asks", async () => {
    const bike = await buildListing(t.app, { model: "Hero Hunk 150R" });
    const buyer = await signedInUser(t.app, { role: "buyer", name: "Nusrat Private" });
    await bookOrder(t.app, buyer.cookie, bike.id);
    const report = await call(t.app, {
      method: "POST",
      url: `/api/listings/${bike.id}/reports`,
      cookie: buyer.cookie,
      payload: { reason: "Looks like a scam listing to me" },
    });
    expect([201, 204, 404]).toContain(report.statusCode);

    for (const url of ["/", `/products/productdetails/${bike.id}`, "/products/all"]) {
      const res = await page(url, buyer.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      for (const secret of [
        buyer.user.name,
        buyer.user.email,
        "Booked by you",
        '"reportedByMe":true',
        '"myOrder":{',
      ]) {
        expect(res.body, `${url}: ${secret}`).not.toContain(secret);
      }
    }
  });

  it("sends HTML the Nu Html Checker finds no error in", async () => {
    const seller = await buildUser(t.app, { role: "seller", name: "Valid Seller" });
    const bike = await buildListing(t.app, {
      sellerId: seller.id,
      advertised: true,
      model: "Honda CB Shine",
    });
    const urls = [
      "/",
      "/products/all",
      "/products/all?district=nowhere",
      `/products/productdetails/${bike.id}`,
      `/sellers/${seller.id}`,
      "/blog",
      "/faq",
      "/terms",
      "/no/such/page",
    ];
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-vnu-"));
    try {
      const files: string[] = [];
      for (const [i, url] of urls.entries()) {
        const file = path.join(dir, `page-${i}.html`);
        // The page's HTML is checked; the build's stylesheet inside it is Tailwind's, which the
        // checker's CSS level-3 validator does not know (@property, @starting-style, …).
        await fs.writeFile(
          file,
          (await page(url)).body.replace(/<style>[\s\S]*?<\/style>/g, "<style></style>"),
        );
        files.push(file);
      }
      // The checker exits 1 when it finds an error; its JSON report on stderr says which.
      const run = promisify(execFile)(
        "java",
        ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const { stderr } = await run;
      const { messages } = JSON.parse(stderr) as {
        messages: { type: string; url: string; message: string; extract?: string }[];
      };
      const errors = messages
        .filter((m) => m.type === "error")
        // The page photo's `elementtiming` (the Element Timing API, which the head script watches
        // before asking for the app's code) is a WICG attribute that the checker's HTML does not list.
        .filter((m) => !m.message.startsWith("Attribute “elementtiming” not allowed on element “img”"))
        .map(
          (m) => `${urls[files.indexOf(new URL(m.url).pathname)] ?? m.url}: ${m.message} ${m.extract ?? ""}`,
        );
      expect(errors).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  describe("in the language the request asks for (issue 25)", () => {
    const inBangla = (
      url: string,
      headers: Record<string, string> = { "accept-language": "bn-BD,bn;q=0.9" },
    ) => call(t.app, { method: "GET", url, headers });
    const stateOf = (html: string) =>
      JSON.parse(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
        language?: { locale: string; messages: Record<string, unknown> };
      };

    it("renders a page in Bangla for a browser that asks for it, the same address in English for one that does not", async () => {
      for (const round of [1, 2]) {
        const bn = await inBangla("/");
        expect(bn.statusCode).toBe(200);
        expect(bn.body).toContain('<html lang="bn"');
        expect(bn.headers["content-language"]).toBe("bn");
        expect(String(bn.headers.vary)).toMatch(/Accept-Language, Cookie/);
        expect(textOf(bn.body)).toContain("আমাদের কথা");
        expect(textOf(bn.body)).not.toContain("About Us");

        // A page kept for one language is never the other's.
        const en = await page("/");
        expect(en.body, `round ${round}`).toContain('<html lang="en"');
        expect(en.headers["content-language"]).toBe("en");
        expect(textOf(en.body)).toContain("About Us");
        expect(textOf(en.body)).not.toContain("আমাদের কথা");
        expect(stateOf(en.body).language).toBeUndefined();
      }
    });

    it("asks for the Bengali faces before the first layout (on a line not slow): its head script runs after the stylesheet declaring them", async () => {
      const html = (await inBangla("/products/all")).body;
      const head = html.slice(0, html.indexOf("</head>"));
      const style = head.indexOf("<style>");
      const script = head.lastIndexOf("<script>");
      expect(style).toBeGreaterThan(0);
      // The faces the script loads are the stylesheet's (CSS-connected faces exist once it is parsed).
      expect(head.slice(style, head.indexOf("</style>"))).toMatch(
        /@font-face\{font-family:"?MotoHaat Bengali/,
      );
      expect(script, "the head script comes after the stylesheet").toBeGreaterThan(head.indexOf("</style>"));
      expect(head.slice(script)).toContain("document.fonts.load(w+'1em \"MotoHaat Bengali\"'");
      // Only a Bangla page asks: the script reads the page's language from <html lang>.
      expect(head.slice(script)).toContain('const r=document.documentElement;if(r.lang==="bn")');
    });

    it("keeps a Bangla bike page's own title and description, not the English share tags'", async () => {
      const bike = await buildListing(t.app, { model: "Bajaj Pulsar N160" });
      const res = await inBangla(`/products/productdetails/${bike.id}`);
      expect(res.statusCode).toBe(200);
      expect(titleOf(res.body)).toContain("Bajaj Pulsar N160");
      expect(titleOf(res.body)).toMatch(/[\u0980-\u09FF]/);
      expect(descriptionOf(res.body)).toMatch(/[\u0980-\u09FF]/);
      // The share tags are still there for a link's preview.
      expect(res.body).toContain('property="og:title"');
      // And an English page keeps the share tags' title, as before.
      expect(titleOf((await page(`/products/productdetails/${bike.id}`)).body)).toMatch(/ · MotoHaat$/);
    });

    it("renders a content page in its language's edition, loaded for the render", async () => {
      for (const round of [1, 2]) {
        // The FAQ's first question in each edition (src/web/features/content/faq-items*.ts).
        const [english, bangla] = ["How does booking a bike work?", "বাইক বুক করা কীভাবে কাজ করে?"];
        const faq = textOf((await inBangla("/faq")).body);
        expect(faq, `round ${round}`).toContain(bangla);
        expect(faq).not.toContain(english);
        const faqInEnglish = textOf((await page("/faq")).body);
        expect(faqInEnglish).toContain(english);
        expect(faqInEnglish).not.toContain(bangla);
        expect(textOf((await inBangla("/terms")).body)).toContain("MotoHaat-এ পুরোনো মোটরবাইক কেনাবেচার নিয়ম");
      }
    });

    it("sends with a Bangla page only the Bangla messages its render used, compiled", async () => {
      const { language } = stateOf((await inBangla("/faq")).body);
      expect(language?.locale).toBe("bn");
      expect(language?.messages["shell.nav.aboutUs"]).toBe("আমাদের কথা");
      // Not the catalogue: a sign-up form's message is not on the FAQ.
      expect(language?.messages["signup.nameRequired"]).toBeUndefined();
      expect(Object.keys(language?.messages ?? {}).length).toBeLessThan(200);
    });

    it("follows the device's choice (its cookie) over the browser's language", async () => {
      const chosen = await call(t.app, {
        method: "GET",
        url: "/blog",
        cookie: "motohaat_lang=bn",
        headers: { "accept-language": "en-GB" },
      });
      expect(chosen.body).toContain('<html lang="bn"');
      const english = await call(t.app, {
        method: "GET",
        url: "/blog",
        cookie: "motohaat_lang=en",
        headers: { "accept-language": "bn" },
      });
      expect(english.body).toContain('<html lang="en"');
    });

    it("starts a page the browser renders itself in the asked language, compressed like the file", async () => {
      const res = await inBangla("/dashboard/myorders", { "accept-language": "bn", "accept-encoding": "br" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-language"]).toBe("bn");
      const html = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(html).toContain('<html lang="bn"');
      expect(html).toContain("data-static-shell");
      // The shell's few words are Bangla too: its tab title, the logo's link, the loading placeholder.
      expect(titleOf(html)).toBe(bn["browsePages.head.defaultTitle"]);
      expect(html).toContain(`aria-label="${bn["shell.homeLink"]}"`);
      expect(html).toContain(`role="status" aria-label="${bn["browsePages.common.loading"]}"`);
      expect(html).not.toContain('aria-label="Loading"');
    });
  });

  it("leaves the dashboard and the sign-in pages to the browser", async () => {
    for (const url of ["/dashboard", "/dashboard/myorders", "/signin", "/signup"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('id="ssr-state"');
      expect(res.body, url).toContain("data-static-shell");
    }
  });
});

// Several nodes share one PostgreSQL server; PGlite is one process's own database. Not registered
// at all on PGlite (CI refuses skipped tests).
if (testDbKind === "postgres") {
  describe("rendered pages kept on several app nodes", () => {
    it("a node never serves its kept page after the seller edits or sells the bike through another", async () => {
      const webDist = process.env.MOTOHAAT_TEST_WEB_BUILD!;
      const fresh = await freshPostgresUrl();
      const open = () => openDatabase({ url: fresh.url, dataDir: "" });
      const nodes = [
        await createTestApp({ PUBLIC_URL }, { webDist }, open),
        await createTestApp({ PUBLIC_URL }, { webDist }, open),
      ] as const;
      try {
        const [reader, writer] = nodes;
        const seller = await signedInUser(writer.app, { role: "seller" });
        const { listing } = await postedListing(writer.app, seller.cookie, 1);
        const url = `/products/productdetails/${listing.id}`;
        const shown = async () => textOf((await call(reader.app, { method: "GET", url })).body);
        const price = (taka: number) => `৳${taka.toLocaleString("en-IN")}`;
        expect(await shown()).toContain(price(listing.askingPrice));
        expect(await shown()).toContain(price(listing.askingPrice));

        const edited = await patchListing(writer.app, seller.cookie, listing.id, { askingPrice: 123_000 });
        expect(edited.statusCode, edited.body).toBe(200);
        const after = await shown();
        expect(after).toContain("৳1,23,000");
        expect(after).not.toContain(price(listing.askingPrice));

        const buyer = await signedInUser(writer.app, { role: "buyer" });
        await bookOrder(writer.app, buyer.cookie, listing.id);
        const [product] = jsonLdOf((await call(reader.app, { method: "GET", url })).body);
        expect(product?.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
      } finally {
        for (const node of nodes) await node.close();
        await fresh.drop();
      }
    });
  });
}
