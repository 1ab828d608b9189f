-- #42 A location's letters: the sender name shown as "From" (the address stays the installation's own,
-- for SPF and DMARC) and the location's e-mail as Reply-To ('' for none); an invitation's language
-- (its letter and every re-send are in it; null: the location's first language, as before).
ALTER TABLE "locations" ADD COLUMN "sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "language" text;
