CREATE TABLE "rating_traits" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_traits_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "rating_traits_domain_check" CHECK ("rating_traits"."domain" in ('affective', 'psychomotor'))
);
--> statement-breakpoint
CREATE TABLE "student_ratings" (
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"trait_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_ratings_school_id_term_id_student_id_trait_id_pk" PRIMARY KEY("school_id","term_id","student_id","trait_id"),
	CONSTRAINT "student_ratings_rating_check" CHECK ("student_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "rating_traits" ADD CONSTRAINT "rating_traits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_ratings" ADD CONSTRAINT "student_ratings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_ratings" ADD CONSTRAINT "student_ratings_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id","term_id") REFERENCES "public"."terms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_ratings" ADD CONSTRAINT "student_ratings_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_ratings" ADD CONSTRAINT "student_ratings_school_id_trait_id_rating_traits_school_id_id_fk" FOREIGN KEY ("school_id","trait_id") REFERENCES "public"."rating_traits"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rating_traits_school_domain_name_unique" ON "rating_traits" USING btree ("school_id","domain","name");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "rating_traits" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "student_ratings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
