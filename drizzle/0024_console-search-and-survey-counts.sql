-- The console at 100,000 people (docs/decisions/0050-console-at-scale.md). Written by hand: drizzle-kit
-- cannot express an extension, trigram operator classes or triggers. Three parts: trigram indexes for
-- the searches, row_counts for the lists' totals, survey_answer_counts for HR's survey results. Runs on PostgreSQL and on PGlite,
-- which loads pg_trgm with the database (db/pglite-extensions.ts).

-- Searches for `%text%` anywhere in a name or an email (the people list, the documents list, the
-- document issue picker): trigram GIN indexes answer them from the index. The name's expression is
-- exactly the one the queries search (forename, a space, surname), or the planner cannot match it.
-- fastupdate off: each new row goes into the index at once rather than into a pending list that only
-- a vacuum empties. PGlite runs no autovacuum, and its planner, counting the pending list's pages,
-- passed over the index for a whole table's read; people and documents are added a few at a time.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "staff_name_trgm_idx" ON "staff" USING gin (("forename" || ' ' || "surname") gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "staff_known_as_trgm_idx" ON "staff" USING gin ("known_as" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "staff_email_address_trgm_idx" ON "staff" USING gin ("email_address" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "documents_title_trgm_idx" ON "documents" USING gin ("title" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint

-- survey_answer_counts follows survey_submissions in the same transaction as each change: the rows
-- added count up, the rows removed count down (a survey deleted takes its counts with it). One
-- statement's rows are counted together, so a bulk load costs one pass. Rows are written in key
-- order, so two submissions at once lock the same counts in the same order and never deadlock.
CREATE FUNCTION "survey_answer_counts_bump"(added "survey_submissions"[], removed "survey_submissions"[])
RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT a.survey_id, a.version, a.answers, 1 AS sign FROM unnest(added) a
    UNION ALL
    SELECT r.survey_id, r.version, r.answers, -1 FROM unnest(removed) r
  ),
  counted AS (
    SELECT d.survey_id, d.version, q ->> 'id' AS question_id
    FROM (
      SELECT id AS survey_id, version, questions FROM surveys
      UNION ALL
      SELECT survey_id, version, questions FROM survey_versions
    ) d, jsonb_array_elements(d.questions) q
    WHERE d.survey_id IN (SELECT survey_id FROM changed)
      AND q ->> 'type' IN ('bars', 'radio', 'select', 'select2', 'locations')
  ),
  given AS (
    SELECT c.survey_id, c.version, c.sign, e.key, e.value
    FROM changed c, jsonb_each_text(c.answers) e
    WHERE e.value <> ''
  ),
  delta AS (
    SELECT survey_id, version, '' AS question_id, '' AS answer, sign FROM changed
    UNION ALL
    SELECT survey_id, version, key, '', sign FROM given
    UNION ALL
    SELECT g.survey_id, g.version, g.key, g.value, g.sign
    FROM given g JOIN counted q ON q.survey_id = g.survey_id AND q.version = g.version AND q.question_id = g.key
  )
  INSERT INTO survey_answer_counts AS t (survey_id, version, question_id, answer, n)
  SELECT survey_id, version, question_id, answer, sum(sign)::int
  FROM delta
  WHERE survey_id IN (SELECT id FROM surveys)
  GROUP BY survey_id, version, question_id, answer
  HAVING sum(sign) <> 0
  ORDER BY survey_id, version, question_id, answer
  ON CONFLICT (survey_id, version, question_id, answer) DO UPDATE SET n = t.n + excluded.n;
$$;
--> statement-breakpoint
-- row_counts follows staff and documents the same way (its keys are in db/schema.ts). An update of
-- other columns nets to nothing and writes nothing.
CREATE FUNCTION "row_counts_add"(keyed "row_counts"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_counts AS t (key, n)
  SELECT key, sum(n)::int FROM unnest(keyed) GROUP BY key HAVING sum(n) <> 0 ORDER BY key
  ON CONFLICT (key) DO UPDATE SET n = t.n + excluded.n;
$$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_staff_bump"(added "staff"[], removed "staff"[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT venue_id, 1 AS sign FROM unnest(added)
    UNION ALL
    SELECT venue_id, -1 FROM unnest(removed)
  )
  SELECT row_counts_add(array(
    SELECT ROW(key, sign)::row_counts FROM (
      SELECT 'staff' AS key, sign FROM changed
      UNION ALL
      SELECT 'staff:venue:' || coalesce(venue_id::text, 'none'), sign FROM changed
    ) k
  ));
$$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_documents_bump"(added "documents"[], removed "documents"[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT signed_at, 1 AS sign FROM unnest(added)
    UNION ALL
    SELECT signed_at, -1 FROM unnest(removed)
  )
  SELECT row_counts_add(array(
    SELECT ROW(key, sign)::row_counts FROM (
      SELECT 'documents' AS key, sign FROM changed
      UNION ALL
      SELECT 'documents:signed', sign FROM changed WHERE signed_at IS NOT NULL
    ) k
  ));
$$;
--> statement-breakpoint

-- Each table's trigger hands the rows a statement added and removed (its transition tables) to the
-- table's bump function, for INSERT, DELETE and UPDATE alike, so one statement is one pass.
CREATE FUNCTION "console_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'survey_submissions' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM survey_answer_counts_bump(array(SELECT ROW(a.*)::survey_submissions FROM added a), '{}'::survey_submissions[]);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM survey_answer_counts_bump('{}'::survey_submissions[], array(SELECT ROW(r.*)::survey_submissions FROM removed r));
    ELSE
      PERFORM survey_answer_counts_bump(array(SELECT ROW(a.*)::survey_submissions FROM added a), array(SELECT ROW(r.*)::survey_submissions FROM removed r));
    END IF;
  ELSIF TG_TABLE_NAME = 'staff' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM row_counts_staff_bump(array(SELECT ROW(a.*)::staff FROM added a), '{}'::staff[]);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM row_counts_staff_bump('{}'::staff[], array(SELECT ROW(r.*)::staff FROM removed r));
    ELSE
      PERFORM row_counts_staff_bump(array(SELECT ROW(a.*)::staff FROM added a), array(SELECT ROW(r.*)::staff FROM removed r));
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      PERFORM row_counts_documents_bump(array(SELECT ROW(a.*)::documents FROM added a), '{}'::documents[]);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM row_counts_documents_bump('{}'::documents[], array(SELECT ROW(r.*)::documents FROM removed r));
    ELSE
      PERFORM row_counts_documents_bump(array(SELECT ROW(a.*)::documents FROM added a), array(SELECT ROW(r.*)::documents FROM removed r));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "survey_answer_counts_insert" AFTER INSERT ON "survey_submissions"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "survey_answer_counts_delete" AFTER DELETE ON "survey_submissions"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "survey_answer_counts_update" AFTER UPDATE ON "survey_submissions"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "row_counts_staff_insert" AFTER INSERT ON "staff"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "row_counts_staff_delete" AFTER DELETE ON "staff"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "row_counts_staff_update" AFTER UPDATE ON "staff"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "row_counts_documents_insert" AFTER INSERT ON "documents"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "row_counts_documents_delete" AFTER DELETE ON "documents"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER "row_counts_documents_update" AFTER UPDATE ON "documents"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION console_counts_on_change();
--> statement-breakpoint
-- What the tables held before this migration.
SELECT survey_answer_counts_bump(array(SELECT s FROM survey_submissions s), '{}'::survey_submissions[]);
--> statement-breakpoint
SELECT row_counts_staff_bump(array(SELECT s FROM staff s), '{}'::staff[]);
--> statement-breakpoint
SELECT row_counts_documents_bump(array(SELECT d FROM documents d), '{}'::documents[]);
