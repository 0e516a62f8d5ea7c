-- Draft and archived products are kept but not in the shop (docs/domain.md, Catalogue pages); every product that exists stays active.
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;
