CREATE TABLE "row_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answer_counts" (
	"survey_id" integer NOT NULL,
	"version" integer NOT NULL,
	"question_id" text NOT NULL,
	"answer" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "survey_answer_counts_survey_id_version_question_id_answer_pk" PRIMARY KEY("survey_id","version","question_id","answer")
);
--> statement-breakpoint
ALTER TABLE "survey_answer_counts" ADD CONSTRAINT "survey_answer_counts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_created_at_id_idx" ON "documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "documents_unsigned_created_at_id_idx" ON "documents" USING btree ("created_at","id") WHERE signed_at is null;--> statement-breakpoint
CREATE INDEX "onboardings_unfinished_updated_at_idx" ON "onboardings" USING btree ("updated_at") WHERE step <> 'complete';--> statement-breakpoint
CREATE INDEX "onboardings_completed_at_idx" ON "onboardings" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "staff_surname_forename_id_idx" ON "staff" USING btree ("surname","forename","id");--> statement-breakpoint
CREATE INDEX "staff_start_date_surname_id_idx" ON "staff" USING btree ("start_date","surname","id");--> statement-breakpoint
CREATE INDEX "staff_position_surname_id_idx" ON "staff" USING btree ("position","surname","id");--> statement-breakpoint
CREATE INDEX "staff_access_ends_at_idx" ON "staff" USING btree ("access_ends_at");