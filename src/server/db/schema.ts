import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LOCALES } from "#shared/i18n/locales.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** Processed uploads: the key names the stored WebP variants; width/height keep layouts from jumping. */
export const images = pgTable("images", {
  key: text("key").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Always stored lower-cased; the unique index makes "one account per address" hold. */
    email: text("email").notNull(),
    role: text("role", { enum: ["buyer", "seller", "admin"] }).notNull(),
    passwordHash: text("password_hash"),
    photoKey: text("photo_key").references(() => images.key),
    verified: boolean("verified").notNull().default(false),
    googleSub: text("google_sub"),
    /** TOTP second factor: the shared secret, encrypted with a key derived from SESSION_SECRET. */
    totpSecret: text("totp_secret"),
    /** Set when the person proved the authenticator works; until then the secret is only offered. */
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true, mode: "date" }),
    /** An enrolment in progress (encrypted like totpSecret), replaced by each new start. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The 30-second step of the last accepted code: a code is good once (RFC 6238 §5.2). */
    totpLastStep: integer("totp_last_step"),
    /** Wrong codes since the last right one: past a limit the code step needs the password again. */
    totpFailedAttempts: integer("totp_failed_attempts").notNull().default(0),
    /**
     * A seller's phone (a buyer gives theirs with each booking): shown only to a buyer whose booking
     * of one of their bikes is held or paid (decision 015).
     */
    phone: text("phone"),
    /** The language the person chose (`en`, `bn`), or null: until they choose, each device's cookie or browser decides. */
    language: text("language", { enum: LOCALES }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_idx").on(t.googleSub),
    // The unused-image clean-up asks "does anyone use this photo?" for every candidate.
    index("users_photo_key_idx").on(t.photoKey),
    index("users_role_created_idx").on(t.role, t.createdAt, t.id),
    check("users_role_check", sql`${t.role} in ('buyer', 'seller', 'admin')`),
    check("users_language_check", sql`${t.language} in ('en', 'bn')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** HMAC of the cookie's token: a leaked table cannot be replayed as cookies. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Also the start of the absolute lifetime: a session ends this long after sign-in, used or not. */
    createdAt: createdAt(),
    /** Idle expiry, pushed forward as the session is used. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** When this session proved the second factor (the code step, or confirming enrolment); null: password only. */
    mfaVerifiedAt: timestamp("mfa_verified_at", { withTimezone: true, mode: "date" }),
    /** For the person's list of signed-in devices: the browser and roughly where it signed in from. */
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use recovery codes for a lost authenticator; only their HMAC is kept. */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mfa_recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/** Emailed password-reset links: only the HMAC of the token is kept, like sessions. Deleted once used. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("password_reset_tokens_user_idx").on(t.userId),
    index("password_reset_tokens_expires_idx").on(t.expiresAt),
  ],
);

export const categories = pgTable("categories", {
  slug: text("slug").primaryKey(),
  label: text("label").notNull(),
  position: smallint("position").notNull(),
});

/**
 * The catalogue: every brand and model a listing has named, once, under a normalised key
 * ("Yamaha", "FZ-S V3" → `yamaha fz s v3`). Search matches typed text against this small table
 * (pg_trgm) and then finds listings by key through an index, so a search costs the same whether the
 * market holds ten thousand bikes or a million (decision 016). Rows are added, never removed.
 */
export const bikeModels = pgTable(
  "bike_models",
  {
    key: text("key").primaryKey(),
    /** The normalised brand (`yamaha`): the brand filter's value. */
    brandKey: text("brand_key").notNull(),
    /** The brand and model as first written, for showing. */
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("bike_models_brand_idx").on(t.brandKey)],
);

export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug),
    model: text("model").notNull(),
    brand: text("brand").notNull(),
    engineCc: integer("engine_cc").notNull(),
    /** Whole taka. */
    brandNewPrice: integer("brand_new_price").notNull(),
    askingPrice: integer("asking_price").notNull(),
    totalUsed: text("total_used").notNull(),
    /** The catalogue entry of brand + model (see bikeModels): search, brand filter, fair price. */
    modelKey: text("model_key")
      .notNull()
      .references(() => bikeModels.key),
    /** Model/registration year. */
    year: smallint("year").notNull(),
    kmRun: integer("km_run").notNull(),
    /** A slug of src/shared/districts.ts. */
    districtSlug: text("district_slug").notNull(),
    area: text("area"),
    description: text("description"),
    /** Blue book or smart card present. */
    hasRegistration: boolean("has_registration").notNull(),
    /** `YYYY-MM`: the month the tax token / insurance runs to. */
    taxTokenUntil: text("tax_token_until"),
    insuranceUntil: text("insurance_until"),
    /** The seller will transfer the registration to the buyer's name. */
    nameTransfer: boolean("name_transfer").notNull().default(false),
    negotiable: boolean("negotiable").notNull().default(true),
    /**
     * The cover: a copy of listing_photos' position 0, kept by the same transaction that writes them,
     * so lists (the hot path) join one image and never aggregate photos.
     */
    photoKey: text("photo_key")
      .notNull()
      .references(() => images.key),
    advertised: boolean("advertised").notNull().default(false),
    status: text("status", { enum: ["available", "sold"] })
      .notNull()
      .default("available"),
    /** Removed by an admin while an order still points at it: hidden, never deleted. */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Feeds read `ORDER BY created_at DESC, id DESC`, whose nulls come first: an index must say the
    // same (a DESC NULLS LAST one cannot serve it, and every page became a sort of the whole table).
    index("listings_feed_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("listings_category_feed_idx").on(
      t.categorySlug,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("listings_seller_feed_idx").on(
      t.sellerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("listings_advertised_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.advertised} and ${t.status} = 'available' and not ${t.hidden}`),
    index("listings_photo_key_idx").on(t.photoKey),
    // Every sort of the search walks one of these in order, stopping at a page (decision 016).
    index("listings_model_feed_idx").on(
      t.modelKey,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("listings_price_idx").on(t.askingPrice, t.id),
    index("listings_category_price_idx").on(t.categorySlug, t.askingPrice, t.id),
    index("listings_km_idx").on(t.kmRun, t.id),
    index("listings_year_idx").on(t.year, t.id),
    index("listings_district_feed_idx").on(
      t.districtSlug,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A search walks each model it resolved to in the sort's order (decision 016): one index per
    // sort. The year one also serves the fair-price hint (comparables of one model within a span of years).
    index("listings_model_price_idx").on(t.modelKey, t.askingPrice, t.id),
    index("listings_model_km_idx").on(t.modelKey, t.kmRun, t.id),
    index("listings_model_year_idx").on(t.modelKey, t.year, t.id),
    check("listings_status_check", sql`${t.status} in ('available', 'sold')`),
    check("listings_year_check", sql`${t.year} >= 1980`),
    check("listings_km_run_check", sql`${t.kmRun} >= 0`),
    check("listings_engine_cc_check", sql`${t.engineCc} > 0`),
    check("listings_prices_check", sql`${t.brandNewPrice} > 0 and ${t.askingPrice} > 0`),
  ],
);

/** A listing's photos in order, 1 to 8; position 0 is the cover (also listings.photo_key). */
export const listingPhotos = pgTable(
  "listing_photos",
  {
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    imageKey: text("image_key")
      .notNull()
      .references(() => images.key),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.position] }),
    // The unused-image clean-up asks "does any listing show this photo?" for every candidate.
    index("listing_photos_image_key_idx").on(t.imageKey),
    check("listing_photos_position_check", sql`${t.position} >= 0 and ${t.position} < 8`),
  ],
);

/**
 * Photos a seller uploaded with `POST /api/listings/photos`, not yet put into a listing: an edit may
 * name only these and the listing's own photos (images are shared by content, so "the image exists"
 * would let anyone use another seller's photo or someone's avatar). An edit that uses one deletes the
 * row. The row keeps nothing alive: the image clean-up ignores it, and deleting the image deletes it.
 */
export const listingPhotoUploads = pgTable(
  "listing_photo_uploads",
  {
    // First in the key: the clean-up's cascading delete finds the rows of an image by it.
    imageKey: text("image_key")
      .notNull()
      .references(() => images.key, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageKey, t.sellerId] })],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One live (held or paid) order per bike: see orders_listing_live_idx (decisions 014, 021). */
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "restrict" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Whole taka, the asking price at the moment of booking. */
    price: integer("price").notNull(),
    phone: text("phone").notNull(),
    meetingLocation: text("meeting_location").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    /**
     * held | paid | expired | cancelled | released (decision 021). A held order keeps its bike (the
     * listing reads sold) until `holdUntil`; the last three ended it (`endedAt`) and freed the bike.
     */
    status: text("status", { enum: ["held", "paid", "expired", "cancelled", "released"] })
      .notNull()
      .default("held"),
    /** Booking time + BOOKING_HOLD_MINUTES; kept as history once the order is paid or ended. */
    holdUntil: timestamp("hold_until", { withTimezone: true, mode: "date" }),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
    /** The provider's open payment intent for this order, reused when the buyer comes back. */
    paymentIntentId: text("payment_intent_id"),
    /** The accepted offer this booking used: its price is the offer's, not the asking price. */
    offerId: uuid("offer_id").references(() => offers.id, { onDelete: "set null" }),
    /**
     * Cash at the meeting: the seller said the buyer paid in person. The hold then no longer runs
     * out; the buyer confirms (the order is paid, with a `cash` payment) or disputes it.
     */
    cashMarkedAt: timestamp("cash_marked_at", { withTimezone: true, mode: "date" }),
    /** The buyer said they did not pay cash: an admin sorts it out; the seller may not mark again. */
    cashDisputedAt: timestamp("cash_disputed_at", { withTimezone: true, mode: "date" }),
    /** The buyer's words when disputing, for the admin who decides (at most 500 characters). */
    cashDisputeReason: text("cash_dispute_reason"),
    /** When the buyer was told the hold runs out soon: each hold is reminded once. */
    holdRemindedAt: timestamp("hold_reminded_at", { withTimezone: true, mode: "date" }),
    /**
     * A card payment is held by MotoHaat until the handover (decision 028): when it goes to the seller
     * unasked (payment time + HANDOVER_RELEASE_DAYS). Null for cash and before payment.
     */
    releaseDueAt: timestamp("release_due_at", { withTimezone: true, mode: "date" }),
    /** The buyer said they have the bike and its papers. */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true, mode: "date" }),
    /** The held money went to the seller's balance: at the buyer's word, or on `releaseDueAt`. */
    moneyReleasedAt: timestamp("money_released_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_buyer_feed_idx").on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A bike is booked by one order at a time, whatever races happen; after a hold ends it can be
    // booked again, so the uniqueness covers live orders only.
    uniqueIndex("orders_listing_live_idx").on(t.listingId).where(sql`${t.status} in ('held', 'paid')`),
    // Every order of a bike, live or ended (a listing's deletion checks them, My buyers joins them).
    index("orders_listing_idx").on(t.listingId),
    // The expiry sweep walks due holds only.
    index("orders_hold_due_idx").on(t.holdUntil).where(sql`${t.status} = 'held'`),
    // The money sweep walks held card money only.
    index("orders_release_due_idx")
      .on(t.releaseDueAt)
      .where(sql`${t.releaseDueAt} is not null and ${t.moneyReleasedAt} is null`),
    check(
      "orders_money_check",
      sql`${t.status} = 'paid' or (${t.releaseDueAt} is null and ${t.handedOverAt} is null and ${t.moneyReleasedAt} is null)`,
    ),
    check("orders_price_check", sql`${t.price} > 0`),
    check("orders_status_check", sql`${t.status} in ('held', 'paid', 'expired', 'cancelled', 'released')`),
    check("orders_held_until_check", sql`${t.status} <> 'held' or ${t.holdUntil} is not null`),
    check("orders_paid_at_check", sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check(
      "orders_ended_at_check",
      sql`(${t.status} in ('expired', 'cancelled', 'released')) = (${t.endedAt} is not null)`,
    ),
  ],
);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_listing_reporter_idx").on(t.listingId, t.reporterId),
    index("reports_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** UNIQUE: an order is paid once, however many confirmations race. */
    orderId: uuid("order_id")
      .notNull()
      .unique("payments_order_id_unique")
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    intentId: text("intent_id").notNull().unique("payments_intent_id_unique"),
    /** Poisha (taka × 100). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /**
     * Money that reached the provider after the order's hold had ended and its bike had gone to
     * someone else is given back (decision 021): set once the provider has refunded it. A payment
     * whose order is not paid and that has no `refundedAt` yet is a refund still owed.
     */
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [check("payments_amount_check", sql`${t.amount} > 0`)],
);

/**
 * Every movement of money MotoHaat holds, in poisha (decision 028): append-only (migration 0016's
 * trigger refuses UPDATE, DELETE and TRUNCATE), written in the transaction of the change it records.
 * Balances are sums of entries, never a stored number. Per order, each kind at most once (the partial
 * unique index): a replayed webhook or two nodes sweeping at once cannot count money twice.
 * - `received`: a card payment taken for an order, held by MotoHaat;
 * - `refunded`: that payment given back to the buyer;
 * - `released`: that payment moved to the seller's balance (the whole amount), and `fee` the platform's
 *   share of it taken from that balance;
 * - `paid_out`: money sent from the seller's balance to their bKash, Nagad or bank account.
 * Cash handed over at a meeting never passes through MotoHaat and has no entry.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ["received", "refunded", "released", "fee", "paid_out"] }).notNull(),
    /** Poisha (taka × 100), always positive: the kind says which way it moved. */
    amount: integer("amount").notNull(),
    /** The order the money is for; none for a payout, which may pay several orders' money at once. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** The seller whose balance or bike it concerns (accounts are never deleted, only closed). */
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The admin's action that wrote it (a payout always; a dispute's refund or release). */
    actionId: bigint("action_id", { mode: "number" }).references((): AnyPgColumn => moneyActions.id, {
      onDelete: "restrict",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_order_kind_idx").on(t.orderId, t.kind).where(sql`${t.orderId} is not null`),
    index("ledger_entries_seller_idx").on(t.sellerId, t.id),
    check("ledger_entries_amount_check", sql`${t.amount} > 0`),
    check(
      "ledger_entries_kind_check",
      sql`${t.kind} in ('received', 'refunded', 'released', 'fee', 'paid_out')`,
    ),
    check("ledger_entries_order_check", sql`(${t.kind} = 'paid_out') = (${t.orderId} is null)`),
    check("ledger_entries_payout_check", sql`${t.kind} <> 'paid_out' or ${t.actionId} is not null`),
  ],
);

/**
 * Every admin action on money (issue 23, decision 028): a payout recorded, or a disputed handover's
 * held money refunded to the buyer or released to the seller. Who (`admin_id`), when, what (the
 * seller, the order, the amount in poisha) and why (`note`); a payout also keeps the transfer's
 * reference and where it was sent. Append-only like the ledger (migration 0019's trigger); the ledger
 * entries an action wrote point at it.
 */
export const moneyActions = pgTable(
  "money_actions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    action: text("action", { enum: ["payout", "refund", "release"] }).notNull(),
    /** Accounts are closed, never deleted (decision 028): the admin stays named. */
    adminId: uuid("admin_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The disputed order; none for a payout, which pays a seller's balance. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** Poisha, always positive. */
    amount: integer("amount").notNull(),
    /** A payout's transfer: the bKash or Nagad transaction id, or the bank's reference. */
    reference: text("reference"),
    /** A payout's destination as the seller's payout details read when it was recorded. */
    paidTo: text("paid_to"),
    /** Why: the admin's words (a dispute's decision, which both people read; a payout's optional note). */
    note: text("note").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("money_actions_seller_idx").on(t.sellerId, t.id),
    check("money_actions_amount_check", sql`${t.amount} > 0`),
    check("money_actions_action_check", sql`${t.action} in ('payout', 'refund', 'release')`),
    check(
      "money_actions_payout_check",
      sql`case when ${t.action} = 'payout'
        then ${t.orderId} is null and ${t.reference} is not null and ${t.paidTo} is not null
        else ${t.orderId} is not null and ${t.reference} is null and ${t.paidTo} is null end`,
    ),
  ],
);

/**
 * A buyer's "something is wrong" on a card-paid order whose money MotoHaat still holds (issue 23):
 * the handover did not happen, or the bike is not as described. While undecided the money stays held
 * (the release sweep passes the order by); an admin refunds the buyer or releases the money to the
 * seller, with a note both people read. One per order.
 */
export const handoverDisputes = pgTable(
  "handover_disputes",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "restrict" }),
    reason: text("reason", { enum: ["not_handed_over", "not_as_described"] }).notNull(),
    /** The buyer's account of it, for the admin and the seller. */
    description: text("description").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decision: text("decision", { enum: ["refund", "release"] }),
    /** The admin's words, shown to both people. */
    note: text("note"),
  },
  (t) => [
    // The admins' list walks open disputes, newest first.
    index("handover_disputes_open_idx")
      .on(t.openedAt.desc(), t.orderId.desc())
      .where(sql`${t.decidedAt} is null`),
    check("handover_disputes_reason_check", sql`${t.reason} in ('not_handed_over', 'not_as_described')`),
    check(
      "handover_disputes_decision_check",
      sql`${t.decision} is null or ${t.decision} in ('refund', 'release')`,
    ),
    check(
      "handover_disputes_decided_check",
      sql`(${t.decidedAt} is null) = (${t.decision} is null) and (${t.decidedAt} is null) = (${t.note} is null)`,
    ),
  ],
);

/**
 * Where a seller is paid what MotoHaat owes them (issue 23): a bKash or Nagad wallet (a Bangladeshi
 * mobile number, `+8801…`) or a bank account. One per seller, replaced when they change it. Seen by its
 * owner and the admins who pay out, nobody else.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    sellerId: uuid("seller_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["bkash", "nagad", "bank"] }).notNull(),
    /** bKash or Nagad: the wallet's number, as `normalisePhone` stores a phone. */
    walletNumber: text("wallet_number"),
    accountName: text("account_name"),
    bankName: text("bank_name"),
    branch: text("branch"),
    /** Digits only. */
    accountNumber: text("account_number"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("payout_accounts_method_check", sql`${t.method} in ('bkash', 'nagad', 'bank')`),
    check(
      "payout_accounts_fields_check",
      sql`case when ${t.method} = 'bank'
        then ${t.walletNumber} is null and ${t.accountName} is not null and ${t.bankName} is not null
          and ${t.branch} is not null and ${t.accountNumber} is not null
        else ${t.walletNumber} is not null and ${t.accountName} is null and ${t.bankName} is null
          and ${t.branch} is null and ${t.accountNumber} is null end`,
    ),
  ],
);

/** Small facts about this database, such as when demo data was seeded (so it is seeded once). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One row: a number every committed change to what public pages show moves on (decision 027). Written
 * only by the `bump_market_version` triggers of migration 0015, at commit, so a rendered page kept
 * under it (plugins/server-render.ts) is never served once something it was made from has changed.
 */
export const marketVersion = pgTable(
  "market_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("market_version_one_row", sql`${t.id} = 1`)],
);

/**
 * The built-in test-mode processor's payment intents (PAYMENT_PROVIDER=test). Kept in the database,
 * not in memory, so any app node can confirm an intent another node created.
 */
export const testPaymentIntents = pgTable(
  "test_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", {
      enum: ["requires_payment_method", "processing", "succeeded", "canceled"],
    }).notNull(),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** A succeeded intent given back (a payment that came after its booking had ended). */
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("test_payment_intents_order_idx").on(t.orderId)],
);

/** Ids of what the live event stream carries (messages and notifications): see `messages`. */
export const liveEventId = pgSequence("live_event_id");

/**
 * One conversation per buyer and bike (the seller answers, never starts one). The bike may be
 * deleted later: the conversation stays readable with the model it was about.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    /** The bike's brand and model when the conversation began, for when the listing is gone. */
    bikeModel: text("bike_model").notNull(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The newest message's id and time: the list's order and its unread counts. */
    lastMessageId: bigint("last_message_id", { mode: "number" }).notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The newest message each side has read: unread = their messages after it. */
    buyerReadId: bigint("buyer_read_id", { mode: "number" }).notNull().default(0),
    sellerReadId: bigint("seller_read_id", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_listing_buyer_idx").on(t.listingId, t.buyerId),
    index("conversations_buyer_feed_idx").on(t.buyerId, t.lastMessageAt.desc(), t.id.desc()),
    index("conversations_seller_feed_idx").on(t.sellerId, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

/**
 * The messages of a conversation, the source of truth for the live stream: its ids come from one
 * sequence shared with notifications (`live_event_id`), so an event stream's Last-Event-ID orders
 * both and a reconnect replays what came after it.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().default(sql`nextval('live_event_id')`),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Shown as text, never as markup. */
    body: text("body").notNull(),
    /** A message that makes, accepts or declines an offer points at it. */
    offerId: uuid("offer_id").references(() => offers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    check("messages_body_check", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * A buyer's price for a bike, made in a conversation. The seller accepts or declines a pending one
 * (one pending per conversation); an accepted one lets that buyer book at its price until `expiresAt`.
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whole taka. */
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["pending", "accepted", "declined", "withdrawn"] })
      .notNull()
      .default("pending"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    /** An accepted offer's last moment to book at its price (24 hours after acceptance). */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("offers_conversation_pending_idx").on(t.conversationId).where(sql`${t.status} = 'pending'`),
    index("offers_listing_buyer_idx").on(t.listingId, t.buyerId),
    check("offers_amount_check", sql`${t.amount} > 0`),
    check("offers_status_check", sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn')`),
  ],
);

/** A person who blocked another: no messages either way between them. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
  ],
);

/** A conversation one of its two people reported to the admins (shown beside reported listings). */
export const conversationReports = pgTable(
  "conversation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversation_reports_conversation_reporter_idx").on(t.conversationId, t.reporterId),
    index("conversation_reports_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * In-app notifications (the bell), written in the same transaction as the event that causes them.
 * Ids come from `live_event_id`, like messages (see there).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().default(sql`nextval('live_event_id')`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What happened (a key of NOTIFICATION_KINDS in src/shared/schemas/notifications.ts). */
    kind: text("kind").notNull(),
    /** What the bell and the email show: the bike, its price, a link, a few words (no markup). */
    data: jsonb("data").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_feed_idx").on(t.userId, t.id.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * The transactional outbox: one row per notification and channel, written with the notification,
 * sent by a worker on any node (claimed with FOR UPDATE SKIP LOCKED), retried with back-off, and
 * parked as `dead` after the last attempt for an admin to see. The idempotency key is unique, so
 * a notification is queued for a channel once, and it travels with the message (Message-ID).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull().unique("outbox_idempotency_key_unique"),
    notificationId: bigint("notification_id", { mode: "number" })
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email"] }).notNull(),
    status: text("status", { enum: ["pending", "sent", "skipped", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Not before this: the back-off after a failure, or a claim's lease while a worker sends. */
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_due_idx").on(t.runAt).where(sql`${t.status} = 'pending'`),
    index("outbox_dead_idx").on(t.createdAt.desc()).where(sql`${t.status} = 'dead'`),
    check("outbox_status_check", sql`${t.status} in ('pending', 'sent', 'skipped', 'dead')`),
  ],
);

/** Kinds of email a person switched off (a row each); everything else is on. */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A buyer's saved bikes, with the price when saved ("price dropped from ৳X"). */
export const savedListings = pgTable(
  "saved_listings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** Whole taka: the asking price when saved. */
    savedPrice: integer("saved_price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("saved_listings_user_feed_idx").on(t.userId, t.createdAt.desc(), t.listingId),
    // A price drop or a sale tells everyone who saved the bike.
    index("saved_listings_listing_idx").on(t.listingId),
  ],
);

/** A buyer's rating of the seller of a paid order: once per order; the seller may answer once. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique("reviews_order_id_unique")
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    comment: text("comment"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true, mode: "date" }),
    /** Removed by an admin: no longer shown or counted. */
    removedAt: timestamp("removed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_seller_feed_idx")
      .on(t.sellerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.removedAt} is null`),
    check("reviews_stars_check", sql`${t.stars} between 1 and 5`),
    check("reviews_comment_check", sql`char_length(${t.comment}) <= 500`),
    check("reviews_reply_check", sql`char_length(${t.reply}) <= 500`),
  ],
);

/**
 * Each seller's rating count and star total over reviews not removed, kept by the transaction that
 * changes a review, so cards (the hot path) join one row instead of averaging reviews.
 */
export const sellerRatings = pgTable(
  "seller_ratings",
  {
    sellerId: uuid("seller_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    count: integer("count").notNull().default(0),
    starsTotal: integer("stars_total").notNull().default(0),
  },
  (t) => [check("seller_ratings_count_check", sql`${t.count} >= 0 and ${t.starsTotal} >= 0`)],
);

/** Someone reported a review to the admins. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.reporterId] })],
);
