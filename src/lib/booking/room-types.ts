/**
 * The room types a booking asks for: the schema's list (./schema.ts), apart from the form's labels and defaults
 * (./form-options.ts), which the island loads with the form and the schema only on first focus.
 */
export const ROOM_TYPE_OPTIONS = ['single-room', 'shared-room'] as const;
export type RoomTypeOption = (typeof ROOM_TYPE_OPTIONS)[number];
