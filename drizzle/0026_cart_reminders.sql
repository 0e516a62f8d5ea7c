CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reminder_consent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reminder_email" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "resume_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "checkouts_reminder_due_idx" ON "checkouts" USING btree ("updated_at") WHERE "checkouts"."reminder_consent_at" is not null and "checkouts"."reminded_at" is null;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_resume_token_hash_unique" UNIQUE("resume_token_hash");