ALTER TABLE "orders" ADD COLUMN "abandoned_reason" text;--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."user_id" is null;--> statement-breakpoint
-- Orders that ended before the reason was stored: a failed payment was declined; an expired one takes
-- the reason of the first expiry its payment events recorded (the shopper left the page, the page
-- could not open, or it closed on its own).
UPDATE "orders" SET "abandoned_reason" = 'declined' WHERE "status" = 'failed';--> statement-breakpoint
UPDATE "orders" SET "abandoned_reason" = CASE (
    SELECT "type" FROM "payment_events"
    WHERE "payment_events"."order_id" = "orders"."id" AND "type" IN ('shop.abandoned', 'shop.no-session', 'shop.lapsed', 'checkout.session.expired')
    ORDER BY "received_at" LIMIT 1
  )
  WHEN 'shop.abandoned' THEN 'cancelled'
  WHEN 'shop.no-session' THEN 'not-opened'
  ELSE 'expired'
END
WHERE "status" = 'expired';
