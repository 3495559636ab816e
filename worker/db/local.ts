/**
 * Whether the database is the embedded libSQL file rather than a remote one (Turso): what only a local file has (WAL
 * mode, a checkpoint of our own) and what only it needs (queries that run synchronously, so long work takes turns).
 */
export const isLocalDatabase = (client: { protocol: string }) => client.protocol === 'file';
