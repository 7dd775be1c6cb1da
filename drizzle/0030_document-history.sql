ALTER TABLE "documents" ADD COLUMN "issued_by" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "link_delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "first_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "first_opened_ip" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "first_opened_user_agent" text;--> statement-breakpoint
CREATE INDEX "documents_signed_at_idx" ON "documents" USING btree ("signed_at") WHERE signed_at is not null;