-- #30: a location may let the desk book a walk-in without the guest's name and phone (off: the spec's rule).
ALTER TABLE "locations" ADD COLUMN "walk_ins_without_details" boolean DEFAULT false NOT NULL;
