ALTER TABLE "payments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_mismatch" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;