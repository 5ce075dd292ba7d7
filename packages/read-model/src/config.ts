/** Connection settings, read once from the environment (README lists them). */
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trenchline';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Where uploaded files and generated reports are kept (the API and the worker share it). */
export const FILES_DIR = process.env.FILES_DIR ?? '.data/files';

/** The server URL with another database name (tests, benchmarks and replays make their own). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
export const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
