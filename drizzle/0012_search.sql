-- Search (docs/decisions/028-search.md): full-text search weighted name and category > features >
-- descriptions, and trigrams on the name and category for prefixes and typos. PGlite loads both
-- extensions from its package (app/server/db/client.server.ts); PostgreSQL has them in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot be used in a generated
-- column or an index. Naming the dictionary makes the result depend on the argument alone.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The same folding as foldSearchText() in app/lib/search.ts: no accents, lower case, every run of
-- other characters than letters and digits one space.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(lower(immutable_unaccent($1)), '[^[:alnum:]]+', ' ', 'g')) $$;
--> statement-breakpoint
-- The labels and texts of a product's item list (features, descriptions), as one text.
CREATE OR REPLACE FUNCTION search_items_text(jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(coalesce(item ->> 'label', '') || ' ' || coalesce(item ->> 'description', ''), ' '), '')
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof($1) = 'array' THEN $1 ELSE '[]'::jsonb END) AS item
        WHERE jsonb_typeof(item) = 'object' $$;
--> statement-breakpoint
-- Name and category (weight A) with features (B): small enough to stay in the row, so that ranking
-- thousands of matches never has to unpack the whole document.
ALTER TABLE "products" ADD COLUMN "search_head" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, search_fold("product_name" || ' ' || replace("product_category", '-', ' '))), 'A')
  || setweight(to_tsvector('english'::regconfig, search_fold(search_items_text("product_features"))), 'B')
) STORED;
--> statement-breakpoint
-- The whole search document: the head and the descriptions (C). Matching only, through its index.
ALTER TABLE "products" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, search_fold("product_name" || ' ' || replace("product_category", '-', ' '))), 'A')
  || setweight(to_tsvector('english'::regconfig, search_fold(search_items_text("product_features"))), 'B')
  || setweight(to_tsvector('english'::regconfig, search_fold(search_items_text("product_descriptions"))), 'C')
) STORED;
--> statement-breakpoint
-- The name folded (exact and prefix matches, and the order of close names), and the name with the
-- category's words (trigram similarity, so that a typo such as "autopilto" still finds a category).
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_fold("product_name")) STORED;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title" text GENERATED ALWAYS AS (
  search_fold("product_name" || ' ' || replace("product_category", '-', ' '))
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document");
--> statement-breakpoint
CREATE INDEX "products_search_title_trgm_idx" ON "products" USING gin ("search_title" gin_trgm_ops);
