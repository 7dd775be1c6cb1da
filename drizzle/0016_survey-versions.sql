CREATE TABLE "survey_versions" (
	"survey_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "survey_versions_survey_id_version_pk" PRIMARY KEY("survey_id","version")
);
--> statement-breakpoint
DROP INDEX "survey_submissions_survey_id_submitted_at_id_idx";--> statement-breakpoint
ALTER TABLE "survey_submissions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_versions" ADD CONSTRAINT "survey_versions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_submissions_survey_id_version_submitted_at_id_idx" ON "survey_submissions" USING btree ("survey_id","version","submitted_at","id");