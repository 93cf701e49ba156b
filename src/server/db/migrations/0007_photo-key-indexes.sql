CREATE INDEX "listings_photo_key_idx" ON "listings" USING btree ("photo_key");--> statement-breakpoint
CREATE INDEX "users_photo_key_idx" ON "users" USING btree ("photo_key");