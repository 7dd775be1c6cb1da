-- The current people (no access end recorded: neither leaving nor left, docs/product.md#leavers) are
-- kept in row_counts too, in all and per venue, so the people list's "current" and "left" totals are
-- look-ups rather than counts of a fifth of everyone who ever worked for the group. The function
-- replaces the one of console-search-and-survey-counts; the staff trigger calls it as before.
CREATE OR REPLACE FUNCTION "row_counts_staff_bump"(added "staff"[], removed "staff"[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT venue_id, access_ends_at IS NULL AS current, 1 AS sign FROM unnest(added)
    UNION ALL
    SELECT venue_id, access_ends_at IS NULL, -1 FROM unnest(removed)
  )
  SELECT row_counts_add(array(
    SELECT ROW(key, sign)::row_counts FROM (
      SELECT 'staff' AS key, sign FROM changed
      UNION ALL
      SELECT 'staff:venue:' || coalesce(venue_id::text, 'none'), sign FROM changed
      UNION ALL
      SELECT 'staff:current', sign FROM changed WHERE current
      UNION ALL
      SELECT 'staff:current:venue:' || coalesce(venue_id::text, 'none'), sign FROM changed WHERE current
    ) k
  ));
$$;
--> statement-breakpoint
INSERT INTO row_counts AS t (key, n)
SELECT key, n FROM (
  SELECT 'staff:current' AS key, count(*)::int AS n FROM staff WHERE access_ends_at IS NULL
  UNION ALL
  SELECT 'staff:current:venue:' || coalesce(venue_id::text, 'none'), count(*)::int
  FROM staff WHERE access_ends_at IS NULL GROUP BY venue_id
) counted
WHERE n <> 0
ORDER BY key
ON CONFLICT (key) DO UPDATE SET n = excluded.n;
