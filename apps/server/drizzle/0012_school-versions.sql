CREATE TABLE "school_versions" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raises the school's version once per transaction, when it commits (a deferred constraint trigger,
-- so the row lock on school_versions is held only for the commit itself, after every other lock the
-- transaction takes). The transaction-local setting marks a school already raised by this transaction.
CREATE OR REPLACE FUNCTION bump_school_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
  mark text;
BEGIN
  IF TG_TABLE_NAME = 'schools' THEN
    IF TG_OP = 'DELETE' THEN target := OLD.id; ELSE target := NEW.id; END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN target := OLD.school_id; ELSE target := NEW.school_id; END IF;
  END IF;
  IF target IS NULL THEN RETURN NULL; END IF;
  mark := 'school_version.s' || replace(target::text, '-', '');
  IF current_setting(mark, true) = '1' THEN RETURN NULL; END IF;
  PERFORM set_config(mark, '1', true);
  INSERT INTO school_versions AS v (school_id, version) VALUES (target, 1)
    ON CONFLICT (school_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every table holding a school's data, except bookkeeping no figure is computed from (the list is
-- SCHOOL_VERSION_EXEMPT in src/lib/school-cache.ts; a test checks each table has the trigger or is
-- listed). Users only for the columns figures use, not the sign-in bookkeeping.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND c.column_name = 'school_id' AND tb.table_type = 'BASE TABLE'
       AND c.table_name NOT IN ('school_versions', 'audit_log', 'outbox', 'notice_reads', 'report_card_jobs', 'uploads',
                                'application_tokens', 'result_pin_unlocks', 'attendance_absence_notices', 'users')
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON %I '
                   'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version()', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OF school_id, role, status, name, email OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON schools
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
