-- #46 The customer's own booking page: until how many hours before the session the customer may move
-- the booking themselves (as customer_cancel_hours does for a cancel), and what a cancel after the
-- cut-off keeps, as a percent of the price (the venue's rule the page states; 100: all of it).
ALTER TABLE "locations" ADD COLUMN "customer_move_hours" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_late_cancel_keep_percent" integer DEFAULT 100 NOT NULL;
