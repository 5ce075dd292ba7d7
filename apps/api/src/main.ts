/** The API process: `npm start` runs it beside the projector and the worker. */
import { fileURLToPath } from 'node:url';
import { DATABASE_URL, stopOnSignals, waitForDatabase, nameConnections } from '@trenchline/read-model';
import { createApi } from './app.ts';

const log = (m: string) => console.log(`[api] ${m}`);
// pg_stat_activity's application_name of every connection (PGAPPNAME, set by the supervisor, wins): health names a transaction holding the store back by it.
nameConnections('trenchline-api');
const shutdown = stopOnSignals(log);
// Started while Postgres is away (restarted under the supervisor): wait for it rather than crash.
await waitForDatabase(DATABASE_URL, { signal: shutdown.signal, log });
const webDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const api = await createApi({ webDir });
shutdown.running(() => api.close());
const port = await api.listen(Number(process.env.PORT ?? 3000));
log(`listening on http://localhost:${port}`);
