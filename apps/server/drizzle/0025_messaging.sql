CREATE TABLE "message_opt_outs" (
	"school_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_school_id_phone_channel_pk" PRIMARY KEY("school_id","phone","channel")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"organisation_id" uuid,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"to" text NOT NULL,
	"recipient_name" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"route" text,
	"provider_message_id" text,
	"units" integer DEFAULT 0 NOT NULL,
	"error" text,
	"batch_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "messages_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sent', 'delivered', 'failed', 'kept')),
	CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "organisation_messaging_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'termii' NOT NULL,
	"api_key_encrypted" text,
	"api_key_last4" text,
	"sender_id" text,
	"event_channels" jsonb,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_messaging_settings" (
	"school_id" uuid NOT NULL,
	"provider" text DEFAULT 'termii' NOT NULL,
	"api_key_encrypted" text,
	"api_key_last4" text,
	"sender_id" text,
	"event_channels" jsonb,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_messaging_settings_school_id_pk" PRIMARY KEY("school_id")
);
--> statement-breakpoint
ALTER TABLE "message_opt_outs" ADD CONSTRAINT "message_opt_outs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_messaging_settings" ADD CONSTRAINT "organisation_messaging_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_messaging_settings" ADD CONSTRAINT "school_messaging_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_unique" ON "messages" USING btree ("school_id","channel","dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_school_created_idx" ON "messages" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "messages_batch_idx" ON "messages" USING btree ("school_id","batch_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "school_messaging_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
