-- The rows of no school move to their own tables (ADR 0026): what a super administrator or the operator
-- did to the organisation (organisation_audit_log) and mail to accounts of no school (organisation_outbox),
-- ids and times kept. Then audit_log and outbox are one school's rows like every school table: school_id
-- NOT NULL, keyed (school_id, id). It stops first, naming the count, on a row of neither school nor
-- organisation (nothing to key it by).
DO $$
DECLARE
  n bigint;
  problems text[] := '{}';
BEGIN
  SELECT count(*) INTO n FROM audit_log WHERE school_id IS NULL AND organisation_id IS NULL;
  IF n > 0 THEN problems := problems || format('%s audit rows of no school and no organisation', n); END IF;
  SELECT count(*) INTO n FROM outbox WHERE school_id IS NULL AND organisation_id IS NULL;
  IF n > 0 THEN problems := problems || format('%s mails of no school and no organisation', n); END IF;
  IF cardinality(problems) > 0 THEN
    RAISE EXCEPTION 'migration 0016 (organisation rows) stopped, nothing changed: %', array_to_string(problems, '; ');
  END IF;
END
$$;
--> statement-breakpoint
CREATE TABLE "organisation_audit_log" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_audit_log_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "organisation_outbox" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "organisation_outbox_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
INSERT INTO "organisation_audit_log" ("id", "organisation_id", "user_id", "action", "entity", "entity_id", "before", "after", "ip", "created_at")
  SELECT "id", "organisation_id", "user_id", "action", "entity", "entity_id", "before", "after", "ip", "created_at" FROM "audit_log" WHERE "school_id" IS NULL;
--> statement-breakpoint
DELETE FROM "audit_log" WHERE "school_id" IS NULL;
--> statement-breakpoint
INSERT INTO "organisation_outbox" ("id", "organisation_id", "to", "subject", "body", "status", "error", "created_at", "sent_at")
  SELECT "id", "organisation_id", "to", "subject", "body", "status", "error", "created_at", "sent_at" FROM "outbox" WHERE "school_id" IS NULL;
--> statement-breakpoint
DELETE FROM "outbox" WHERE "school_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "school_id" SET NOT NULL, DROP CONSTRAINT "audit_log_pkey", ADD CONSTRAINT "audit_log_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "school_id" SET NOT NULL, DROP CONSTRAINT "outbox_pkey", ADD CONSTRAINT "outbox_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "organisation_audit_log" ADD CONSTRAINT "organisation_audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisation_outbox" ADD CONSTRAINT "organisation_outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "organisation_audit_log_created_idx" ON "organisation_audit_log" USING btree ("organisation_id","created_at");
--> statement-breakpoint
CREATE INDEX "organisation_outbox_to_created_idx" ON "organisation_outbox" USING btree ("to","created_at");
