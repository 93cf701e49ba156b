CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" uuid,
	"seller_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('received', 'refunded', 'released', 'fee', 'paid_out')),
	CONSTRAINT "ledger_entries_order_check" CHECK (("ledger_entries"."kind" = 'paid_out') = ("ledger_entries"."order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_order_kind_idx" ON "ledger_entries" USING btree ("order_id","kind") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_idx" ON "ledger_entries" USING btree ("seller_id","id");--> statement-breakpoint
-- Decision 028: the ledger is append-only. A mistake is put right by a new entry, never by editing one.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
-- The card money received before the ledger existed, in the order it came, and what of it was given
-- back. Cash never passed through MotoHaat: no entry.
INSERT INTO "ledger_entries" ("kind", "amount", "order_id", "seller_id", "created_at")
SELECT e."kind", e."amount", e."order_id", e."seller_id", e."at"
FROM (
  SELECT 'received' AS "kind", p."amount", p."order_id", l."seller_id", p."created_at" AS "at"
  FROM "payments" p JOIN "orders" o ON o."id" = p."order_id" JOIN "listings" l ON l."id" = o."listing_id"
  WHERE p."provider" <> 'cash'
  UNION ALL
  SELECT 'refunded', p."amount", p."order_id", l."seller_id", p."refunded_at"
  FROM "payments" p JOIN "orders" o ON o."id" = p."order_id" JOIN "listings" l ON l."id" = o."listing_id"
  WHERE p."provider" <> 'cash' AND p."refunded_at" IS NOT NULL
) e
ORDER BY e."at", e."kind" = 'refunded';
