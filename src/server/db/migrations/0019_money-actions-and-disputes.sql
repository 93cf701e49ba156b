CREATE TABLE "handover_disputes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decision" text,
	"note" text,
	CONSTRAINT "handover_disputes_reason_check" CHECK ("handover_disputes"."reason" in ('not_handed_over', 'not_as_described')),
	CONSTRAINT "handover_disputes_decision_check" CHECK ("handover_disputes"."decision" is null or "handover_disputes"."decision" in ('refund', 'release')),
	CONSTRAINT "handover_disputes_decided_check" CHECK (("handover_disputes"."decided_at" is null) = ("handover_disputes"."decision" is null) and ("handover_disputes"."decided_at" is null) = ("handover_disputes"."note" is null))
);
--> statement-breakpoint
CREATE TABLE "money_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"admin_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"order_id" uuid,
	"amount" integer NOT NULL,
	"reference" text,
	"paid_to" text,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_actions_amount_check" CHECK ("money_actions"."amount" > 0),
	CONSTRAINT "money_actions_action_check" CHECK ("money_actions"."action" in ('payout', 'refund', 'release')),
	CONSTRAINT "money_actions_payout_check" CHECK (case when "money_actions"."action" = 'payout'
        then "money_actions"."order_id" is null and "money_actions"."reference" is not null and "money_actions"."paid_to" is not null
        else "money_actions"."order_id" is not null and "money_actions"."reference" is null and "money_actions"."paid_to" is null end)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "action_id" bigint;--> statement-breakpoint
ALTER TABLE "handover_disputes" ADD CONSTRAINT "handover_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_actions" ADD CONSTRAINT "money_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_actions" ADD CONSTRAINT "money_actions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_actions" ADD CONSTRAINT "money_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_disputes_open_idx" ON "handover_disputes" USING btree ("opened_at" DESC NULLS LAST,"order_id" DESC NULLS LAST) WHERE "handover_disputes"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "money_actions_seller_idx" ON "money_actions" USING btree ("seller_id","id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_action_id_money_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."money_actions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_check" CHECK ("ledger_entries"."kind" <> 'paid_out' or "ledger_entries"."action_id" is not null);--> statement-breakpoint
-- Decision 028: what an admin did with money is history, like the ledger it wrote: never edited.
CREATE FUNCTION "money_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_actions is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "money_actions_no_change" BEFORE UPDATE OR DELETE ON "money_actions"
  FOR EACH ROW EXECUTE FUNCTION "money_actions_append_only"();
--> statement-breakpoint
CREATE TRIGGER "money_actions_no_truncate" BEFORE TRUNCATE ON "money_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_actions_append_only"();
