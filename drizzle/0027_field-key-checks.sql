CREATE TABLE "field_key_checks" (
	"kid" text PRIMARY KEY NOT NULL,
	"check_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
