CREATE INDEX "documents_source_file_id_idx" ON "documents" USING btree ("source_file_id");--> statement-breakpoint
CREATE INDEX "documents_signature_file_id_idx" ON "documents" USING btree ("signature_file_id");--> statement-breakpoint
CREATE INDEX "documents_signed_file_id_idx" ON "documents" USING btree ("signed_file_id");--> statement-breakpoint
CREATE INDEX "onboardings_fieldset_id_idx" ON "onboardings" USING btree ("fieldset_id");--> statement-breakpoint
CREATE INDEX "onboardings_contract_id_idx" ON "onboardings" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "staff_venue_id_idx" ON "staff" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "staff_selfie_file_id_idx" ON "staff" USING btree ("selfie_file_id");--> statement-breakpoint
CREATE INDEX "survey_submissions_staff_id_idx" ON "survey_submissions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "tfa_challenges_method_id_idx" ON "tfa_challenges" USING btree ("method_id");--> statement-breakpoint
CREATE INDEX "till_keys_venue_id_idx" ON "till_keys" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "vehicles_insurance_file_id_idx" ON "vehicles" USING btree ("insurance_file_id");