-- Where else a product is shown, chosen by staff on the product form (docs/domain.md, Catalogue).
ALTER TABLE "products" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "related_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Products that exist keep the use-case pictures every product page showed until now; new ones
-- show them only when staff tick the box.
ALTER TABLE "products" ADD COLUMN "show_use_cases" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "show_use_cases" SET DEFAULT false;
