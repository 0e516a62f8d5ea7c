CREATE TABLE "legacy_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"moved_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_uploads" ADD CONSTRAINT "legacy_uploads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;