-- A return is refunded once. A database where the old race already refunded a return twice keeps
-- its rows (nothing stored is lost) and goes without the index; the check under the order's lock
-- (app/server/orders/refunds.server.ts) holds either way.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "refunds" WHERE "return_id" IS NOT NULL AND "status" <> 'failed' GROUP BY "return_id" HAVING count(*) > 1) THEN
    CREATE UNIQUE INDEX "refunds_return_once" ON "refunds" USING btree ("return_id") WHERE "refunds"."return_id" is not null and "refunds"."status" <> 'failed';
  END IF;
END $$;
--> statement-breakpoint
-- Never more refunded than a line holds or an order took; checked for every new write (NOT VALID
-- leaves rows written before as they are).
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunded_within_line" CHECK ("refunded_quantity" BETWEEN 0 AND "quantity") NOT VALID;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("refunded_cents" BETWEEN 0 AND "total_cents" AND "shipping_refunded_cents" BETWEEN 0 AND "shipping_cents") NOT VALID;
