CREATE TABLE "till_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"registration" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"colour" text NOT NULL,
	"fuel_type" text NOT NULL,
	"mot_date_completed" date,
	"mot_expiry_date" date,
	"mot_passed" boolean,
	"insurance_file_id" uuid,
	"insurance_approved_by" text,
	"insurance_approval_error" text,
	"insurance_processing_error" text,
	"insurance_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "staff_number" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "till_keys" ADD CONSTRAINT "till_keys_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_insurance_file_id_files_id_fk" FOREIGN KEY ("insurance_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "till_keys_key_hash_key" ON "till_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_staff_id_registration_key" ON "vehicles" USING btree ("staff_id","registration");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_staff_number_key" ON "staff" USING btree ("staff_number");