DROP INDEX "listings_feed_idx";--> statement-breakpoint
DROP INDEX "listings_category_feed_idx";--> statement-breakpoint
DROP INDEX "listings_seller_feed_idx";--> statement-breakpoint
DROP INDEX "listings_advertised_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_feed_idx";--> statement-breakpoint
DROP INDEX "reports_created_idx";--> statement-breakpoint
CREATE INDEX "listings_feed_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_category_feed_idx" ON "listings" USING btree ("category_slug","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_seller_feed_idx" ON "listings" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_advertised_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."advertised" and "listings"."status" = 'available' and not "listings"."hidden";--> statement-breakpoint
CREATE INDEX "orders_buyer_feed_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);