CREATE TABLE "history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"collection" text NOT NULL,
	"document_id" text NOT NULL,
	"action" text NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"stupid" text NOT NULL,
	"product_category" text NOT NULL,
	"product_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_descriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_shipping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_downloads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "history_document_idx" ON "history" USING btree ("collection","document_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_category_name_idx" ON "products" USING btree ("product_category","product_name");