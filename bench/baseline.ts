/**
 * The baseline the app is measured against (issue 12): a minimal Fastify 5 server, written by hand,
 * answering the two reads every visitor makes — the first page of `GET /api/listings` and
 * `GET /api/listings/:id` for someone signed out — with the same SQL the app sends and the same
 * bytes it answers (bench/api.ts checks both answers are equal before measuring). No ORM, no schema
 * validation, no hooks, no security headers, no logger: SQL text and parameters to the driver, rows
 * mapped by hand, `JSON.stringify` by Fastify's default serializer.
 *
 * On PostgreSQL it is `pg`'s `pool.query(text, values)` as most hand-written code calls it (unnamed
 * statements, parsed and planned on every request); with `prepared` it names its statements too (each
 * connection prepares them once), the strictest comparison. On PGlite it calls PGlite's own
 * `query(text, params)` on the app's instance, in the same process.
 */
import Fastify from "fastify";
import { toImage } from "#server/images/store.ts";
import { districtLabel } from "#shared/districts.ts";

export type Query = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

/** The listing's columns, joined as the app joins them, named so that an object row keeps them apart. */
const LISTING = `select l.id, l.created_at, l.created_at::text as created_at_text, l.model, l.engine_cc, l.brand,
    l.category_slug, c.label as category_label, l.brand_new_price, l.asking_price, l.total_used, l.year,
    l.km_run, l.district_slug, l.area, l.description, l.has_registration, l.tax_token_until,
    l.insurance_until, l.name_transfer, l.negotiable, l.advertised, l.status, l.hidden,
    p.key as photo_key, p.width as photo_width, p.height as photo_height,
    u.id as seller_id, u.name as seller_name, u.email as seller_email,
    si.key as seller_photo_key, si.width as seller_photo_width, si.height as seller_photo_height,
    u.verified as seller_verified`;
const JOINS = `from listings l
  join users u on u.id = l.seller_id
  join categories c on c.slug = l.category_slug
  join images p on p.key = l.photo_key
  left join images si on si.key = u.photo_key`;

const FIRST_PAGE = `${LISTING} ${JOINS}
  where l.id in (select id from listings where hidden = false and status = 'available'
                 order by created_at desc, id desc limit 25)
  order by l.created_at desc, l.id desc`;
const COUNT = `select count(*) from (select 1 from listings where hidden = false and status = 'available' limit 1001) as matching`;
const ONE = `select exists (select 1 from reports r where r.listing_id = l.id and r.reporter_id = $1) as reported,
  (select json_build_object('id', o.id, 'status', o.status, 'holdUntil', case when o.status = 'held'
      then floor(extract(epoch from o.hold_until) * 1000) end)::text
    from orders o where o.listing_id = l.id and o.status in ('held', 'paid') and o.buyer_id = $2
      and (o.status = 'paid' or o.hold_until > now())) as my_order,
  ${LISTING.slice("select ".length)} ${JOINS} where l.id = $3 limit $4`;
const PHOTOS = `select i.key, i.width, i.height from listing_photos lp join images i on i.key = lp.image_key
  where lp.listing_id = $1 order by lp.position asc`;
const PRICE_HINT = `select percentile_cont(0.5) within group (order by l.asking_price) as typical, count(*) as comparables
  from listings t join listings l
    on l.model_key = t.model_key and l.year between t.year - 2 and t.year + 2 and l.id <> t.id
  where t.id = $1 and l.hidden = $2 and (l.status = $3 or (l.status = $4
    and (select o.created_at from orders o where o.listing_id = l.id and o.status in ('held', 'paid'))
      > now() - interval '1 year'))`;

type Row = Record<string, unknown>;

function listing(r: Row) {
  return {
    id: r.id,
    // A Date from pg; PostgreSQL's text from PGlite as the app sets it up (src/server/db/client.ts).
    postedAt: new Date(r.created_at as Date | string).toISOString(),
    model: r.model,
    engineCc: r.engine_cc,
    brand: r.brand,
    category: { slug: r.category_slug, label: r.category_label },
    brandNewPrice: r.brand_new_price,
    askingPrice: r.asking_price,
    totalUsed: r.total_used,
    year: r.year,
    kmRun: r.km_run,
    district: { slug: r.district_slug, label: districtLabel(r.district_slug as string) },
    area: r.area,
    description: r.description,
    hasRegistration: r.has_registration,
    taxTokenUntil: r.tax_token_until,
    insuranceUntil: r.insurance_until,
    nameTransfer: r.name_transfer,
    negotiable: r.negotiable,
    photo: toImage({
      key: r.photo_key as string,
      width: r.photo_width as number,
      height: r.photo_height as number,
    }),
    seller: {
      id: r.seller_id,
      name: r.seller_name,
      photo: r.seller_photo_key
        ? toImage({
            key: r.seller_photo_key as string,
            width: r.seller_photo_width as number,
            height: r.seller_photo_height as number,
          })
        : null,
      verified: r.seller_verified,
    },
    advertised: r.advertised,
    status: r.status,
  };
}

export async function startBaseline(query: Query): Promise<{ base: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });

  app.get("/api/listings", async () => {
    const { rows } = await query("baseline_first_page", FIRST_PAGE, []);
    const items = rows.slice(0, 24);
    const last = items[items.length - 1];
    const nextCursor =
      rows.length > 24 && last
        ? Buffer.from(JSON.stringify(["newest", last.created_at_text, last.id])).toString("base64url")
        : null;
    const counted =
      rows.length <= 24 ? rows.length : Number((await query("baseline_count", COUNT, [])).rows[0]?.count);
    return {
      items: items.map(listing),
      nextCursor,
      total: Math.min(counted, 1000),
      totalIsCapped: counted > 1000,
    };
  });

  app.get<{ Params: { id: string } }>("/api/listings/:id", async (request, reply) => {
    const { rows } = await query("baseline_listing", ONE, [null, null, request.params.id, 1]);
    const row = rows[0];
    if (!row || row.hidden) return reply.code(404).send({ detail: "not found" });
    const [photos, hint] = await Promise.all([
      query("baseline_photos", PHOTOS, [row.id]),
      query("baseline_price_hint", PRICE_HINT, [row.id, false, "available", "sold"]),
    ]);
    const h = hint.rows[0];
    const comparables = Number(h?.comparables ?? 0);
    let priceHint = null;
    if (h && h.typical !== null && comparables >= 3) {
      const typicalPrice = Math.round(Number(h.typical));
      const difference = (row.asking_price as number) - typicalPrice;
      const verdict =
        Math.abs(difference) * 100 <= typicalPrice * 5 ? "about" : difference < 0 ? "below" : "above";
      priceHint = { typicalPrice, comparables, difference, verdict };
    }
    return {
      listing: {
        ...listing(row),
        photos: photos.rows.map((p) => ({
          ...toImage({ key: p.key as string, width: p.width as number, height: p.height as number }),
          id: p.key,
        })),
      },
      reportedByMe: row.reported,
      // Signed out: no order of one's own (the column is still read, as the app reads it).
      myOrder: row.my_order === null ? null : JSON.parse(row.my_order as string),
      priceHint,
    };
  });

  await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: () => app.close(),
  };
}
