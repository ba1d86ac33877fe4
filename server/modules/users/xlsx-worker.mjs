// Bootstrap of the worker thread that reads one XLSX bulk invitation file (invitation-file.ts
// starts it). Plain JavaScript so that it loads in any host: it registers tsx's ESM loader in this
// thread (needed under vitest, harmless under `node --import tsx`), then serves the main thread's
// request with the TypeScript reader.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { serveXlsxRequests } = await import('./xlsx-table.ts');
serveXlsxRequests(parentPort);
