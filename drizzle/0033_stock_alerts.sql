CREATE TABLE "stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"resent_token_hash" text,
	"confirmed_at" timestamp (3) with time zone,
	"notified_at" timestamp (3) with time zone,
	"unsubscribe_token_hash" text,
	"unsubscribed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "stock_alerts_resent_token_hash_unique" UNIQUE("resent_token_hash"),
	CONSTRAINT "stock_alerts_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_live_idx" ON "stock_alerts" USING btree ("product_id",coalesce("variant_id", ''),"email") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id") WHERE "stock_alerts"."confirmed_at" is not null and "stock_alerts"."notified_at" is null and "stock_alerts"."unsubscribed_at" is null;