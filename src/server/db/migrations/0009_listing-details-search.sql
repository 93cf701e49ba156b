-- pg_trgm matches typed brand and model names against the catalogue (decision 016). Trusted since
-- PostgreSQL 13: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "bike_models" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_photos" (
	"listing_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_key" text NOT NULL,
	CONSTRAINT "listing_photos_listing_id_position_pk" PRIMARY KEY("listing_id","position"),
	CONSTRAINT "listing_photos_position_check" CHECK ("listing_photos"."position" >= 0 and "listing_photos"."position" < 8)
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "model_key" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "year" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "km_run" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "district_slug" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "has_registration" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "tax_token_until" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "insurance_until" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "name_transfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "negotiable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Rows posted before these fields existed: the catalogue entry from their brand and model, the
-- photo as the only one, and placeholders the seller can correct with Edit (docs/product.md).
WITH named AS (
  SELECT id,
    trim(regexp_replace(lower(brand), '[^[:alnum:]]+', ' ', 'g')) AS b,
    trim(regexp_replace(lower(model), '[^[:alnum:]]+', ' ', 'g')) AS m,
    brand, model, created_at
  FROM "listings"
), keyed AS (
  SELECT id, b, brand, model, created_at,
    CASE WHEN m LIKE b || ' %' THEN b || ' ' || substr(m, length(b) + 2) ELSE b || ' ' || m END AS key
  FROM named
)
INSERT INTO "bike_models" ("key", "brand_key", "brand", "model")
SELECT DISTINCT ON (key) key, b, brand, model FROM keyed ORDER BY key, created_at;--> statement-breakpoint
UPDATE "listings" l SET
  "model_key" = k.key,
  "year" = extract(year from l.created_at)::smallint,
  "km_run" = 0,
  "district_slug" = 'dhaka',
  "has_registration" = false
FROM (
  SELECT id, CASE WHEN m LIKE b || ' %' THEN b || ' ' || substr(m, length(b) + 2) ELSE b || ' ' || m END AS key
  FROM (
    SELECT id,
      trim(regexp_replace(lower(brand), '[^[:alnum:]]+', ' ', 'g')) AS b,
      trim(regexp_replace(lower(model), '[^[:alnum:]]+', ' ', 'g')) AS m
    FROM "listings"
  ) n
) k
WHERE k.id = l.id;--> statement-breakpoint
INSERT INTO "listing_photos" ("listing_id", "position", "image_key") SELECT id, 0, photo_key FROM "listings";--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "model_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "km_run" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "district_slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "has_registration" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_image_key_images_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."images"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_models_brand_idx" ON "bike_models" USING btree ("brand_key");--> statement-breakpoint
CREATE INDEX "listing_photos_image_key_idx" ON "listing_photos" USING btree ("image_key");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_model_key_bike_models_key_fk" FOREIGN KEY ("model_key") REFERENCES "public"."bike_models"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_model_feed_idx" ON "listings" USING btree ("model_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree ("asking_price","id");--> statement-breakpoint
CREATE INDEX "listings_category_price_idx" ON "listings" USING btree ("category_slug","asking_price","id");--> statement-breakpoint
CREATE INDEX "listings_km_idx" ON "listings" USING btree ("km_run","id");--> statement-breakpoint
CREATE INDEX "listings_year_idx" ON "listings" USING btree ("year","id");--> statement-breakpoint
CREATE INDEX "listings_district_feed_idx" ON "listings" USING btree ("district_slug","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_model_year_idx" ON "listings" USING btree ("model_key","year");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_year_check" CHECK ("listings"."year" >= 1980);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_km_run_check" CHECK ("listings"."km_run" >= 0);