CREATE TABLE "signing_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"certificate" text NOT NULL,
	"chain" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"private_key_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "seal_certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "seal_timestamp_authority" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "seal_timestamp_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_certificates_sha256_key" ON "signing_certificates" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_certificates_one_generated_key" ON "signing_certificates" USING btree ("source") WHERE source = 'generated';--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_seal_certificate_id_signing_certificates_id_fk" FOREIGN KEY ("seal_certificate_id") REFERENCES "public"."signing_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_seal_certificate_id_idx" ON "documents" USING btree ("seal_certificate_id");