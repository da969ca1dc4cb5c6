-- A new password (changed, reset by mail or by staff) or a frozen account also switches the
-- account's webhooks off: a webhook added by someone who held the account for a while must
-- not keep sending its servers' releases to them once the owner has taken it back. The owner
-- switches them on again after checking them (Account settings -> Webhooks).
CREATE OR REPLACE FUNCTION "revoke_automation_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."password_hash" IS DISTINCT FROM OLD."password_hash" OR (NEW."frozen" AND NOT OLD."frozen") THEN
    UPDATE "api_tokens"
      SET "revoked_at" = now(),
          "revoked_reason" = CASE WHEN NEW."frozen" AND NOT OLD."frozen" THEN 'frozen' ELSE 'password' END
      WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
    DELETE FROM "feed_tokens" WHERE "user_id" = NEW."id";
    UPDATE "webhooks" SET "active" = false WHERE "user_id" = NEW."id" AND "active";
  END IF;
  RETURN NULL;
END
$$;
