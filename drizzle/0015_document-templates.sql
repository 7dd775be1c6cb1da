CREATE TABLE "document_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"html" text,
	"file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_active_name_key" ON "document_templates" USING btree ("kind",lower("name")) WHERE "document_templates"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "document_templates_file_id_idx" ON "document_templates" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "document_templates_created_by_idx" ON "document_templates" USING btree ("created_by");