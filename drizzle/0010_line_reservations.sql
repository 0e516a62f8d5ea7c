ALTER TABLE "checkouts" ADD COLUMN "paying_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "reserved_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "order_lines" SET "reserved_quantity" = "quantity" WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "stock_state" = 'reserved');
