ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_staff_id_staff_id_fk";
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor");--> statement-breakpoint
CREATE INDEX "audit_events_payroll_exported_at_idx" ON "audit_events" USING btree ("at") WHERE "audit_events"."action" = 'payroll.exported';--> statement-breakpoint
CREATE INDEX "audit_events_sign_in_at_idx" ON "audit_events" USING btree ("at") WHERE "audit_events"."action" like 'sign-in.%';--> statement-breakpoint
CREATE INDEX "tfa_challenges_expires_at_idx" ON "tfa_challenges" USING btree ("expires_at");