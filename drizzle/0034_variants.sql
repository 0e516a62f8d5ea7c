DROP INDEX "stock_alerts_live_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id","variant_position");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_live_idx" ON "stock_alerts" USING btree ("product_id","email") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."unsubscribed_at" is null;--> statement-breakpoint
ALTER TABLE "stock_alerts" DROP COLUMN "variant_id";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_at_most_three_options" CHECK (cardinality("products"."option_names") <= 3 and cardinality("products"."option_values") <= 3);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_has_no_options" CHECK ("products"."parent_id" is null or cardinality("products"."option_names") = 0);--> statement-breakpoint
-- A variant's name, category, Stripe product id and status are its product's: copied when it is
-- written, and again whenever the product's change (decision 054).
CREATE FUNCTION "products_variant_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "product_name", "product_category", "stupid", "status"
    INTO NEW."product_name", NEW."product_category", NEW."stupid", NEW."status"
    FROM "products" WHERE "id" = NEW."parent_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_variant_copies" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW WHEN (NEW."parent_id" IS NOT NULL) EXECUTE FUNCTION "products_variant_copies"();--> statement-breakpoint
CREATE FUNCTION "products_variants_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "product_name" = NEW."product_name", "product_category" = NEW."product_category", "stupid" = NEW."stupid", "status" = NEW."status"
    WHERE "parent_id" = NEW."id"
      AND ("product_name", "product_category", "stupid", "status") IS DISTINCT FROM (NEW."product_name", NEW."product_category", NEW."stupid", NEW."status");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_variants_follow" AFTER UPDATE OF "product_name", "product_category", "stupid", "status" ON "products"
  FOR EACH ROW WHEN (NEW."parent_id" IS NULL) EXECUTE FUNCTION "products_variants_follow"();
