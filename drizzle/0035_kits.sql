ALTER TABLE "order_lines" ADD COLUMN "kit_components" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "kit_components" jsonb DEFAULT '[]'::jsonb NOT NULL;