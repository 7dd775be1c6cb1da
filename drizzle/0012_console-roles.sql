CREATE TABLE "venue_managers" (
	"staff_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	CONSTRAINT "venue_managers_staff_id_venue_id_pk" PRIMARY KEY("staff_id","venue_id")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "venue_managers" ADD CONSTRAINT "venue_managers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_managers" ADD CONSTRAINT "venue_managers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_managers_venue_id_idx" ON "venue_managers" USING btree ("venue_id");