/** The API process: `npm start` runs it beside the projector and the worker. */
import { fileURLToPath } from 'node:url';
import { createApi } from './app.ts';

const webDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const api = await createApi({ webDir });
const port = await api.listen(Number(process.env.PORT ?? 3000));
console.log(`[api] listening on http://localhost:${port}`);

for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, async () => {
    await api.close().catch(() => undefined);
    process.exit(0);
  });
