ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_fulfilment_idx" ON "orders" USING btree ("status","fulfilment","created_at");