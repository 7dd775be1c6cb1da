DROP INDEX "survey_submissions_survey_id_submitted_at_idx";--> statement-breakpoint
CREATE INDEX "auth_requests_expires_at_idx" ON "auth_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "survey_submissions_survey_id_submitted_at_id_idx" ON "survey_submissions" USING btree ("survey_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_insurance_pending_idx" ON "vehicles" USING btree ("insurance_updated_at") WHERE insurance_file_id is not null and insurance_approved_by is null and insurance_approval_error is null;