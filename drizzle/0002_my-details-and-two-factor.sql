CREATE TABLE "tfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"session_token_hash" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tfa_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"secret_sealed" text,
	"setup_complete" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"last_time_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "bank_account_sealed" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "sort_code_sealed" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "bank_account_last4" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "sort_code_last2" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "selfie_file_id" uuid;--> statement-breakpoint
ALTER TABLE "tfa_challenges" ADD CONSTRAINT "tfa_challenges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tfa_challenges" ADD CONSTRAINT "tfa_challenges_method_id_tfa_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."tfa_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tfa_methods" ADD CONSTRAINT "tfa_methods_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tfa_challenges_staff_id_created_at_idx" ON "tfa_challenges" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "tfa_methods_staff_id_idx" ON "tfa_methods" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_selfie_file_id_files_id_fk" FOREIGN KEY ("selfie_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;