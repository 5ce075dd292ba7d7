/**
 * Child process of common.ts startAppProcess: runs startTestApp (api + projector on a fresh database)
 * and reports its URL to the parent over IPC; on 'stop', or when the parent goes away, it stops the
 * app (dropping its database) and exits. Not a benchmark of its own.
 */
import { startTestApp, type TestApp } from '../../tests/support/app.ts';

const [label = 'bench', mode = 'projector', serves = ''] = process.argv.slice(2);
if (!process.send) throw new Error('app-server.ts is started by bench/src/common.ts startAppProcess');

let app: TestApp | null = null;
let stopping: Promise<void> | null = null;
const stop = () =>
  (stopping ??= (async () => {
    try {
      await app?.stop();
    } catch (e) {
      console.error('stopping the app failed:', e);
    }
    process.exit(0);
  })());

process.on('message', (m) => {
  if (m === 'stop') void stop();
});
process.on('disconnect', () => void stop());

try {
  app = await startTestApp(label, { projector: mode !== 'no-projector', worker: mode === 'worker', web: serves === 'web' });
  process.send({ url: app.url, databaseUrl: app.databaseUrl });
} catch (e) {
  process.send({ error: String((e as Error)?.stack ?? e) });
  await app?.stop().catch(() => undefined);
  process.exit(1);
}
