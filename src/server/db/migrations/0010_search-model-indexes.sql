-- A search walks each catalogue model it resolved to in the order of its sort: one (model_key, sort
-- column, id) index per sort; the year one also serves the fair-price hint (decision 016).
DROP INDEX "listings_model_year_idx";--> statement-breakpoint
CREATE INDEX "listings_model_price_idx" ON "listings" USING btree ("model_key","asking_price","id");--> statement-breakpoint
CREATE INDEX "listings_model_km_idx" ON "listings" USING btree ("model_key","km_run","id");--> statement-breakpoint
CREATE INDEX "listings_model_year_idx" ON "listings" USING btree ("model_key","year","id");