CREATE TABLE "click_rollup_journal" (
	"day" date NOT NULL,
	"affiliate_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"country" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"sub1" varchar(255) NOT NULL,
	"sub2" varchar(255) NOT NULL,
	"sub3" varchar(255) NOT NULL,
	"sub4" varchar(255) NOT NULL,
	"sub5" varchar(255) NOT NULL,
	"creative" varchar(32) NOT NULL,
	"is_unique" boolean NOT NULL
);
