ALTER TABLE "payments" ADD COLUMN "receipt_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_receipt_id" text;