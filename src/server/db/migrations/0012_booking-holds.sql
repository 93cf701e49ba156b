ALTER TABLE "orders" DROP CONSTRAINT "orders_listing_id_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'held' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Orders booked before holds existed (decision 021): a paid one is paid; an unpaid one is held for
-- 48 hours from its booking, the default BOOKING_HOLD_MINUTES. Those whose 48 hours have already
-- passed are expired by the first sweep after start-up, which also puts their bikes back on sale.
UPDATE "orders" SET "status" = CASE WHEN "paid_at" IS NULL THEN 'held' ELSE 'paid' END,
  "hold_until" = "created_at" + interval '48 hours';--> statement-breakpoint
-- Phone numbers in the one form booking now stores (+8801XXXXXXXXX) where they are Bangladeshi
-- mobile numbers typed another way; anything else is kept as it was typed.
UPDATE "orders" SET "phone" = '+88' || substring(regexp_replace("phone", '[[:space:]-]', '', 'g') from '(01[3-9][0-9]{8})$')
  WHERE regexp_replace("phone", '[[:space:]-]', '', 'g') ~ '^(\+?88)?01[3-9][0-9]{8}$';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_listing_live_idx" ON "orders" USING btree ("listing_id") WHERE "orders"."status" in ('held', 'paid');--> statement-breakpoint
CREATE INDEX "orders_listing_idx" ON "orders" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "orders_hold_due_idx" ON "orders" USING btree ("hold_until") WHERE "orders"."status" = 'held';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('held', 'paid', 'expired', 'cancelled', 'released'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_held_until_check" CHECK ("orders"."status" <> 'held' or "orders"."hold_until" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_at_check" CHECK (("orders"."status" = 'paid') = ("orders"."paid_at" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ended_at_check" CHECK (("orders"."status" in ('expired', 'cancelled', 'released')) = ("orders"."ended_at" is not null));