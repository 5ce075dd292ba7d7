/** The API process: `npm start` runs it beside the projector and the worker. */
import { fileURLToPath } from 'node:url';
import { DATABASE_URL, stopOnSignals, waitForDatabase } from '@trenchline/read-model';
import { createApi } from './app.ts';

const log = (m: string) => console.log(`[api] ${m}`);
const shutdown = stopOnSignals(log);
// Started while Postgres is away (restarted under the supervisor): wait for it rather than crash.
await waitForDatabase(DATABASE_URL, { signal: shutdown.signal, log });
const webDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const api = await createApi({ webDir });
shutdown.running(() => api.close());
const port = await api.listen(Number(process.env.PORT ?? 3000));
log(`listening on http://localhost:${port}`);
