-- #39 The venue's phone for its customers (the widget's order page: "call the venue").
ALTER TABLE "locations" ADD COLUMN "phone" text DEFAULT '' NOT NULL;
