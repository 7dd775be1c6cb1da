DROP INDEX "staff_access_ends_at_surname_id_idx";--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "is_leaving" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The people whose access ends in the future are leaving: flagged as the app now writes it (docs/decisions/0072-leaving-flag-for-the-console.md).
UPDATE "staff" SET "is_leaving" = true WHERE "access_ends_at" > now();--> statement-breakpoint
CREATE INDEX "staff_leaving_surname_forename_id_idx" ON "staff" USING btree ("surname","forename","id","access_ends_at") WHERE "staff"."is_leaving";