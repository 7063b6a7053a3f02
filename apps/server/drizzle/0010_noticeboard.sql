CREATE TABLE "notice_reads" (
	"school_id" uuid NOT NULL,
	"notice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_school_id_notice_id_user_id_pk" PRIMARY KEY("school_id","notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"broadcast_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"date" date NOT NULL,
	"audience" text NOT NULL,
	"class_id" uuid,
	"pinned" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_audience_check" CHECK ("notices"."audience" in ('everyone', 'staff', 'students', 'parents', 'class')),
	CONSTRAINT "notices_class_check" CHECK (("notices"."audience" = 'class') = ("notices"."class_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "camera_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"camera_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camera_clips_order_check" CHECK ("camera_clips"."ends_at" > "camera_clips"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "camera_schools" (
	"school_id" uuid NOT NULL,
	"camera_id" uuid NOT NULL,
	CONSTRAINT "camera_schools_school_id_camera_id_pk" PRIMARY KEY("school_id","camera_id")
);
--> statement-breakpoint
CREATE TABLE "cameras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"model_code" text NOT NULL,
	"camera_model" text NOT NULL,
	"location" text NOT NULL,
	"specify_location" text,
	"channel_type" text NOT NULL,
	"source" text NOT NULL,
	"roles" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cameras_channel_type_check" CHECK ("cameras"."channel_type" in ('Live', 'Youtube', 'Vimeo', 'Zoom'))
);
--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_clips" ADD CONSTRAINT "camera_clips_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_clips" ADD CONSTRAINT "camera_clips_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_schools" ADD CONSTRAINT "camera_schools_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_schools" ADD CONSTRAINT "camera_schools_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_reads_user_idx" ON "notice_reads" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "notices_school_board_idx" ON "notices" USING btree ("school_id","published","pinned","date");--> statement-breakpoint
CREATE INDEX "notices_org_broadcast_idx" ON "notices" USING btree ("organisation_id","broadcast_id");--> statement-breakpoint
CREATE INDEX "camera_clips_camera_time_idx" ON "camera_clips" USING btree ("organisation_id","camera_id","starts_at");--> statement-breakpoint
CREATE INDEX "camera_schools_camera_idx" ON "camera_schools" USING btree ("camera_id");--> statement-breakpoint
CREATE INDEX "cameras_organisation_idx" ON "cameras" USING btree ("organisation_id","channel_type");