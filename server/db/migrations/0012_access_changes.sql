-- Written by hand (drizzle-kit does not model triggers). A change that can narrow or revoke what a
-- user's open event streams may receive NOTIFYs 'access_changes' with the user's id at its commit:
-- a role at a location removed or changed, a permission taken, the user deactivated or their password
-- changed, a token revoked or deleted. Every server process listens (server/modules/live/hub.ts) and
-- re-reads that user's stream grants at once, whichever process or tool made the change.
CREATE FUNCTION access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changes', OLD.user_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changes', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_location_roles_access AFTER UPDATE OR DELETE ON user_location_roles
  FOR EACH ROW EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER user_permissions_access AFTER UPDATE OR DELETE ON user_permissions
  FOR EACH ROW EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER auth_tokens_access AFTER UPDATE OF revoked_at ON auth_tokens
  FOR EACH ROW WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at) EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER auth_tokens_deleted_access AFTER DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access AFTER UPDATE OF is_active, password_hash ON users
  FOR EACH ROW WHEN (NEW.is_active IS DISTINCT FROM OLD.is_active OR NEW.password_hash IS DISTINCT FROM OLD.password_hash)
  EXECUTE FUNCTION user_access_changed();
