-- Photos a seller uploaded for an edit, until an edit uses them: an edit names only these and the
-- listing's own photos. Deleted with their image by the clean-up (on delete cascade).
CREATE TABLE "listing_photo_uploads" (
	"image_key" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_photo_uploads_image_key_seller_id_pk" PRIMARY KEY("image_key","seller_id")
);
--> statement-breakpoint
ALTER TABLE "listing_photo_uploads" ADD CONSTRAINT "listing_photo_uploads_image_key_images_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."images"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo_uploads" ADD CONSTRAINT "listing_photo_uploads_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;