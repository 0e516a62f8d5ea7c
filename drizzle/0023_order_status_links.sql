DROP TABLE "order_links" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_token_unique" UNIQUE("status_token");