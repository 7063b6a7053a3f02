-- A timetable slot keeps a copy of its class subject's teacher (for the unique index that refuses a
-- teacher in two classes at once). When a class subject's teacher changes, its slots follow; if the
-- new teacher is already booked at one of those hours in another class, the change is refused with
-- a unique violation on timetable_slots_teacher_unique whose message names the other class.
CREATE OR REPLACE FUNCTION timetable_slots_follow_teacher() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clash record;
BEGIN
  IF NEW.teacher_id IS NOT NULL THEN
    SELECT teacher.name AS teacher_name,
           other_class.level || ' ' || other_class.arm AS class_name,
           other.day,
           other.hour
      INTO clash
      FROM timetable_slots mine
      JOIN timetable_slots other
        ON other.school_id = mine.school_id
       AND other.academic_session_id = mine.academic_session_id
       AND other.teacher_id = NEW.teacher_id
       AND other.day = mine.day
       AND other.hour = mine.hour
       AND other.class_subject_id <> NEW.id
      JOIN classes other_class ON other_class.id = other.class_id
      JOIN staff teacher ON teacher.id = NEW.teacher_id
     WHERE mine.school_id = NEW.school_id
       AND mine.class_subject_id = NEW.id
     ORDER BY other.day, other.hour
     LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION USING
        ERRCODE = 'unique_violation',
        CONSTRAINT = 'timetable_slots_teacher_unique',
        MESSAGE = format('%s already teaches %s at %s %s:00 %s',
          clash.teacher_name,
          clash.class_name,
          (ARRAY['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])[clash.day],
          CASE WHEN clash.hour % 12 = 0 THEN 12 ELSE clash.hour % 12 END,
          CASE WHEN clash.hour < 12 THEN 'AM' ELSE 'PM' END);
    END IF;
  END IF;
  UPDATE timetable_slots
     SET teacher_id = NEW.teacher_id, updated_at = now()
   WHERE school_id = NEW.school_id AND class_subject_id = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER class_subjects_teacher_to_timetable
  AFTER UPDATE OF teacher_id ON class_subjects
  FOR EACH ROW
  WHEN (OLD.teacher_id IS DISTINCT FROM NEW.teacher_id)
  EXECUTE FUNCTION timetable_slots_follow_teacher();
