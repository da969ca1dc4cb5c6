CREATE TABLE "activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_id" uuid NOT NULL,
	"user_id" integer,
	"entitlement_id" integer NOT NULL,
	"sn" varchar(64) NOT NULL,
	"machine_code" varchar(128) NOT NULL,
	"cluster_nodes" integer NOT NULL,
	"nodes" integer NOT NULL,
	"product" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"customer_name" varchar(128) NOT NULL,
	"contacts" varchar(64) NOT NULL,
	"contact_info" varchar(128) NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"licence" text NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activations_licence_id_unique" UNIQUE("licence_id")
);
--> statement-breakpoint
CREATE TABLE "entitlement_serials" (
	"entitlement_id" integer NOT NULL,
	"sn" varchar(64) NOT NULL,
	CONSTRAINT "entitlement_serials_entitlement_id_sn_pk" PRIMARY KEY("entitlement_id","sn")
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" varchar(64) NOT NULL,
	"customer_name" varchar(128) NOT NULL,
	"product" varchar(64) NOT NULL,
	"version_from" varchar(64) DEFAULT '' NOT NULL,
	"version_to" varchar(64) DEFAULT '' NOT NULL,
	"authorised_nodes" integer NOT NULL,
	"remaining_nodes" integer NOT NULL,
	"maintenance_end" date NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_contract_no_unique" UNIQUE("contract_no"),
	CONSTRAINT "entitlements_nodes_check" CHECK ("entitlements"."remaining_nodes" >= 0 and "entitlements"."remaining_nodes" <= "entitlements"."authorised_nodes")
);
--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_serials" ADD CONSTRAINT "entitlement_serials_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_serials" ADD CONSTRAINT "entitlement_serials_sn_serial_numbers_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."serial_numbers"("sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activations_user_idx" ON "activations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "activations_entitlement_idx" ON "activations" USING btree ("entitlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activations_trial_machine_idx" ON "activations" USING btree ("product","machine_code") WHERE "activations"."trial";--> statement-breakpoint
CREATE INDEX "entitlement_serials_sn_idx" ON "entitlement_serials" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "entitlements_customer_idx" ON "entitlements" USING btree ("customer_name");