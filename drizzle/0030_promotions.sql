CREATE TABLE "order_discounts" (
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"promotion_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"label" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_discounts_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"benefit" text NOT NULL,
	"percent_bp" integer,
	"amount_cents" integer,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kit" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipping_method_id" text,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp (3) with time zone,
	"ends_at" timestamp (3) with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"combines_with_offers" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_code_unique" UNIQUE("code"),
	CONSTRAINT "promotions_code_kind" CHECK (("promotions"."kind" = 'code') = ("promotions"."code" IS NOT NULL)),
	CONSTRAINT "promotions_benefit" CHECK (("promotions"."benefit" = 'percent' AND "promotions"."percent_bp" BETWEEN 1 AND 10000) OR ("promotions"."benefit" = 'amount' AND "promotions"."amount_cents" > 0) OR "promotions"."benefit" = 'free-shipping')
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_discounts_promotion_idx" ON "order_discounts" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "promotions_kind_idx" ON "promotions" USING btree ("kind","active");