-- Issue "Privacy and safety" (T2): the audit trail records that a sensitive field changed, never its value. The guest
-- edits recorded before kept a passport number's and the health information's old and new values in clear: they
-- become { "changed": true }, as the app writes them now (worker/domain/audit.ts, SENSITIVE_AUDIT_FIELDS).
UPDATE `audit_logs` SET `metadata` = json_set(`metadata`, '$.changes.passportNumber', json('{"changed":true}'))
WHERE `action` = 'guest.update' AND json_valid(`metadata`) AND json_type(`metadata`, '$.changes.passportNumber') IS NOT NULL;
--> statement-breakpoint
UPDATE `audit_logs` SET `metadata` = json_set(`metadata`, '$.changes.healthInfo', json('{"changed":true}'))
WHERE `action` = 'guest.update' AND json_valid(`metadata`) AND json_type(`metadata`, '$.changes.healthInfo') IS NOT NULL;
