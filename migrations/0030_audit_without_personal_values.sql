-- Issue 37 "Privacy and safety": the audit trail records that a person's field changed, never its value
-- (src/lib/audit-personal-data.ts, docs/decisions/033-audit-personal-data.md). Migration 0018 did it for the passport
-- and health fields of guest edits; the records written before still keep the other personal values: a guest's
-- birthday, nationality, diet, emergency contact and phone (guest.update), a client's phone (customer.create, .update,
-- .delete), the booking form's free text (booking.create, .update, .delete) and companions' ages (booking.companions,
-- booking.delete). Every record, whatever its action: each of these keys that holds a value becomes {"changed":true}
-- directly under a `changes` object and {"withheld":true} anywhere else (inside a snapshot or an array), deepest
-- first, exactly as worker/domain/audit.ts's withholdPersonalValues does with PERSONAL_AUDIT_FIELDS as they stood then.
WITH RECURSIVE hits AS MATERIALIZED (
  SELECT a.id AS id, t.fullkey AS path,
         CASE WHEN t.path GLOB '*.changes' THEN '{"changed":true}' ELSE '{"withheld":true}' END AS marker,
         row_number() OVER (PARTITION BY a.id ORDER BY length(t.fullkey) DESC, t.fullkey) AS n
  FROM `audit_logs` AS a, json_tree(a.metadata) AS t
  WHERE json_valid(a.metadata)
    AND t.key IN (SELECT value FROM json_each('["phone","phoneNumber","dateOfBirth","birthday","nationality","passportNumber","dietaryPreferences","dietaryRestrictions","emergencyContact","healthInfo","passportExpiry","emergencyName","emergencyPhone","emergencyRelationship","dietary","healthConditions","healthMedications","healthAllergies","medicalConditions","medications","allergies","arrivalFlight","arrivalAt","departureFlight","departureAt","pickupNeeded","specialRequests","comment","comments","extraFood","experience","age","phone_number","date_of_birth","passport_number","passport_expiry","dietary_preferences","emergency_contact","emergency_name","emergency_phone","emergency_relationship","health_info","health_conditions","health_medications","health_allergies","medical_conditions","special_requests","extra_food","arrival_flight","arrival_at","departure_flight","departure_at","pickup_needed"]'))
    AND t.type <> 'null'
    AND NOT (t.type = 'object' AND t.value IN ('{"changed":true}', '{"withheld":true}'))
),
applied(id, n, doc) AS (
  SELECT a.id, 0, a.metadata FROM `audit_logs` AS a WHERE a.id IN (SELECT id FROM hits)
  UNION ALL
  SELECT applied.id, applied.n + 1, json_set(applied.doc, hits.path, json(hits.marker))
  FROM applied JOIN hits ON hits.id = applied.id AND hits.n = applied.n + 1
)
UPDATE `audit_logs` SET `metadata` = (SELECT doc FROM applied WHERE applied.id = `audit_logs`.id ORDER BY n DESC LIMIT 1)
WHERE `id` IN (SELECT id FROM hits);
