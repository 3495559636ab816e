/** Who is acting (an admin, a signed-in guest, or the system's jobs), for the audit trail. */
export interface Actor {
  userId: string;
  ip?: string;
  userAgent?: string;
}
