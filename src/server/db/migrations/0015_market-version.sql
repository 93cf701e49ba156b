CREATE TABLE "market_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "market_version_one_row" CHECK ("market_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "market_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Decision 027. Fired at COMMIT (a deferred constraint trigger), so the one row is locked only while a
-- transaction commits, never while it still takes other locks (no deadlock, no long wait), and only a
-- committed change moves the number. Once per transaction: the flag is local to it.
CREATE FUNCTION "bump_market_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('motohaat.market_bumped', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('motohaat.market_bumped', 'yes', true);
    UPDATE "market_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  -- What public pages are made from. The other tables (sessions, messages, notifications, payments,
  -- saved bikes, reports, …) are nobody's public page: src/server/db/market-version.test.ts lists both.
  FOREACH t IN ARRAY ARRAY['users', 'images', 'categories', 'bike_models', 'listings', 'listing_photos',
    'orders', 'reviews', 'seller_ratings', 'review_reports', 'app_meta']
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER market_changed AFTER INSERT OR UPDATE OR DELETE ON %I
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_market_version()', t);
    -- TRUNCATE fires no row trigger (tests empty tables with it).
    EXECUTE format(
      'CREATE TRIGGER market_truncated AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_market_version()', t);
  END LOOP;
END
$$;
