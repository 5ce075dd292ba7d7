/** `npm run migrate`: create the database when missing and bring it to the current schema. */
import { DATABASE_URL, ensureDatabase, migrateAll } from '@trenchline/read-model';

await ensureDatabase(DATABASE_URL);
await migrateAll(DATABASE_URL);
console.log(`[migrate] ${new URL(DATABASE_URL).pathname.slice(1)} is up to date`);
