-- Enquiries have a status and keep the replies staff send from their screen (docs/domain.md, Enquiries).
ALTER TABLE "contacts" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "replies" jsonb DEFAULT '[]'::jsonb NOT NULL;
