-- Completing onboarding through the link now sets staff.onboard_complete (decision 41). Joiners who
-- completed it before were left at false, so the payroll hand-off missed them: set it for them too.
UPDATE "staff" SET "onboard_complete" = true, "updated_at" = now()
WHERE NOT "onboard_complete"
  AND "id" IN (SELECT "staff_id" FROM "onboardings" WHERE "step" = 'complete');
