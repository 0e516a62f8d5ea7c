CREATE TABLE "trade_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"abn" text NOT NULL,
	"payment_days" integer,
	"credit_limit_cents" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_terms" CHECK (("trade_accounts"."payment_days" IS NULL AND "trade_accounts"."credit_limit_cents" IS NULL) OR ("trade_accounts"."payment_days" BETWEEN 1 AND 120 AND "trade_accounts"."credit_limit_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "trade_prices" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"percent_off_bp" integer,
	"price_cents" integer,
	CONSTRAINT "trade_prices_user_id_kind_target_pk" PRIMARY KEY("user_id","kind","target"),
	CONSTRAINT "trade_prices_one_rule" CHECK (("trade_prices"."kind" = 'category' AND "trade_prices"."percent_off_bp" BETWEEN 1 AND 9999 AND "trade_prices"."price_cents" IS NULL) OR ("trade_prices"."kind" = 'product' AND "trade_prices"."price_cents" > 0 AND "trade_prices"."percent_off_bp" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_user_id_trade_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_prices_target_idx" ON "trade_prices" USING btree ("kind","target");--> statement-breakpoint
CREATE INDEX "orders_sale_day_idx" ON "orders" USING btree (coalesce("invoiced_at", "paid_at"));