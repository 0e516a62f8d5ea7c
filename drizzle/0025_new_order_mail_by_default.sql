ALTER TABLE "profiles" ALTER COLUMN "notify_new_orders" SET DEFAULT true;--> statement-breakpoint
-- Staff hear of each new paid order unless they turn it off (/settings/notifications): switched on for the staff there are now.
UPDATE "profiles" SET "notify_new_orders" = true WHERE "id" IN (SELECT "id" FROM "user" WHERE "role" = 'staff');
