CREATE TABLE "payout_accounts" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"wallet_number" text,
	"account_name" text,
	"bank_name" text,
	"branch" text,
	"account_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_method_check" CHECK ("payout_accounts"."method" in ('bkash', 'nagad', 'bank')),
	CONSTRAINT "payout_accounts_fields_check" CHECK (case when "payout_accounts"."method" = 'bank'
        then "payout_accounts"."wallet_number" is null and "payout_accounts"."account_name" is not null and "payout_accounts"."bank_name" is not null
          and "payout_accounts"."branch" is not null and "payout_accounts"."account_number" is not null
        else "payout_accounts"."wallet_number" is not null and "payout_accounts"."account_name" is null and "payout_accounts"."bank_name" is null
          and "payout_accounts"."branch" is null and "payout_accounts"."account_number" is null end)
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;