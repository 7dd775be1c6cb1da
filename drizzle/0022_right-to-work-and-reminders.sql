CREATE TABLE "reminder_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"rule" text NOT NULL,
	"item_id" text NOT NULL,
	"stage" text NOT NULL,
	"staff_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_rule_item_id_stage_pk" PRIMARY KEY("rule","item_id","stage")
);
--> statement-breakpoint
CREATE TABLE "right_to_work_check_files" (
	"check_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "right_to_work_check_files_check_id_file_id_pk" PRIMARY KEY("check_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "right_to_work_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"share_code_sealed" text,
	"idsp_document" text,
	"checked_on" date NOT NULL,
	"checked_by" uuid,
	"permission_expires_on" date,
	"follow_up_on" date,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_work_check_files" ADD CONSTRAINT "right_to_work_check_files_check_id_right_to_work_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."right_to_work_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_work_check_files" ADD CONSTRAINT "right_to_work_check_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_work_checks" ADD CONSTRAINT "right_to_work_checks_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_work_checks" ADD CONSTRAINT "right_to_work_checks_checked_by_staff_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_settings_updated_by_idx" ON "reminder_settings" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "reminders_sent_staff_id_idx" ON "reminders_sent" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "right_to_work_check_files_file_id_idx" ON "right_to_work_check_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "right_to_work_checks_staff_id_idx" ON "right_to_work_checks" USING btree ("staff_id","checked_on");--> statement-breakpoint
CREATE INDEX "right_to_work_checks_checked_by_idx" ON "right_to_work_checks" USING btree ("checked_by");--> statement-breakpoint
CREATE UNIQUE INDEX "right_to_work_checks_current_key" ON "right_to_work_checks" USING btree ("staff_id") WHERE "right_to_work_checks"."current";--> statement-breakpoint
CREATE INDEX "right_to_work_checks_current_expiry_idx" ON "right_to_work_checks" USING btree ("permission_expires_on","staff_id") WHERE "right_to_work_checks"."current" and "right_to_work_checks"."permission_expires_on" is not null;