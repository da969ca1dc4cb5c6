CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) DEFAULT 'notice' NOT NULL,
	"title_zh" varchar(200) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"content_zh" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "release_note_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_note_id" integer NOT NULL,
	"kind" varchar(1) NOT NULL,
	"text_zh" text NOT NULL,
	"text_en" text NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" varchar(50) NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_notes_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_note_items" ADD CONSTRAINT "release_note_items_release_note_id_release_notes_id_fk" FOREIGN KEY ("release_note_id") REFERENCES "public"."release_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","created_at");