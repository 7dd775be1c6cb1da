-- The console's email search in two halves (docs/decisions/0050-console-at-scale.md,
-- modules/console/shared/person-search.ts). Written by hand: drizzle-kit cannot express trigram
-- operator classes. A group's addresses share one domain, so the trigrams of the domain are in every
-- row: an index of whole addresses read posting lists as long as the table for any search that
-- crossed the `@`. The local part and the domain are indexed apart; the search narrows by the local
-- part's end, then tests the whole address. The expressions are exactly the queries' (the planner
-- uses an expression index only for the same expression). fastupdate off, as for the other trigram
-- indexes (0024).
CREATE INDEX "staff_email_local_part_trgm_idx" ON "staff" USING gin ((split_part("email_address", '@', 1)) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "staff_email_domain_trgm_idx" ON "staff" USING gin ((split_part("email_address", '@', 2)) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
DROP INDEX "staff_email_address_trgm_idx";
