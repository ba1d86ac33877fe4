// Bootstrap of a grading-sandbox worker thread (server/platform/sandbox/index.ts starts it with
// node:worker_threads). Plain JavaScript so that it loads in any host: it registers tsx's ESM
// loader in this thread — needed under vitest, harmless under `node --import tsx` / `tsx` — and then
// imports the TypeScript runner, which serves the main thread's requests on `parentPort`.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { serveSandboxRequests } = await import('./runner.ts');
await serveSandboxRequests(parentPort);
