ALTER TABLE "staff" ADD COLUMN "payroll_id" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "ni_number_sealed" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "leaving_date" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "leaving_reason" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "access_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_payroll_id_key" ON "staff" USING btree ("payroll_id");