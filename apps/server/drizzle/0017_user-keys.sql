-- The user group keyed by the account (ADR 0026): sessions and reset tokens by (user_id, token_hash), invitations
-- by (user_id, id); sign-in, invitations and the address's uniqueness go through user_emails, keyed by the address
-- in lower case (filled from users, one row each; users_email_unique made the addresses unique already).
-- Sessions stay; a cookie from before names no account, so its holder signs in again once.
CREATE TABLE "user_emails" (
	"email" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
INSERT INTO "user_emails" ("email", "user_id") SELECT lower("email"), "id" FROM "users";
--> statement-breakpoint
DROP INDEX "users_email_unique";
--> statement-breakpoint
ALTER TABLE "auth_sessions" DROP CONSTRAINT "auth_sessions_pkey", ADD CONSTRAINT "auth_sessions_user_id_token_hash_pk" PRIMARY KEY ("user_id", "token_hash");
--> statement-breakpoint
DROP INDEX "auth_sessions_user_idx";
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_pkey", ADD CONSTRAINT "password_reset_tokens_user_id_token_hash_pk" PRIMARY KEY ("user_id", "token_hash");
--> statement-breakpoint
DROP INDEX "password_reset_tokens_user_idx";
--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_invited_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_pkey", ADD CONSTRAINT "invitations_user_id_id_pk" PRIMARY KEY ("user_id", "id");
--> statement-breakpoint
DROP INDEX "invitations_user_idx";
--> statement-breakpoint
-- camera clips are spread by camera: a clip is found by its camera and its id
ALTER TABLE "camera_clips" DROP CONSTRAINT "camera_clips_pkey", ADD CONSTRAINT "camera_clips_camera_id_id_pk" PRIMARY KEY ("camera_id", "id");
