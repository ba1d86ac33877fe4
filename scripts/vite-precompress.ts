import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text formats (images, fonts in woff2 and source maps are left as they are). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|po)$/;
/** Smaller files are sent as they are (the server's on-the-fly threshold is the same, 1 kB). */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of at least 1 kB in `dir`, each only when it is smaller than the file.
 * @fastify/static serves them with `preCompressed: true` (server/app.ts). Returns the number of
 * files compressed and their total sizes in bytes (original, brotli, gzip).
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const body = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
          gzipAsync(body, { level: 9 }),
        ]);
        if (br.length < body.length) await writeFile(`${path}.br`, br);
        if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
        totals.files += 1;
        totals.bytes += body.length;
        totals.brotliBytes += Math.min(br.length, body.length);
        totals.gzipBytes += Math.min(gz.length, body.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** Vite plugin: precompresses the build output (`build.outDir`) once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'halaqa:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kB = (n: number) => `${(n / 1000).toFixed(0)} kB`;
      this.info(
        `precompressed ${t.files} files: ${kB(t.bytes)} → brotli ${kB(t.brotliBytes)}, gzip ${kB(t.gzipBytes)}`,
      );
    },
  };
}
