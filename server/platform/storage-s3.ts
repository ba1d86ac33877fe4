import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ConfigError, type S3StorageConfig } from '../config.js';
import { checkStorageKey, type FileStorage } from './storage.js';
import { isPrivateUploadKey } from './upload-access.js';

/** Size of one part of a multipart upload: 8 MiB (S3's minimum is 5 MiB, its maximum 10,000 parts → files up to 80 GB). */
export const S3_PART_SIZE_BYTES = 8 * 1024 * 1024;
/** Parts uploaded at once; at most `S3_PART_SIZE_BYTES × S3_QUEUE_SIZE` = 32 MiB of a file is held in memory. */
export const S3_QUEUE_SIZE = 4;
/** How long opening a connection to the S3 service may take before the request fails: 5,000 ms. */
export const S3_CONNECTION_TIMEOUT_MS = 5_000;

/** Metadata of a stored object. */
export interface StoredObjectInfo {
  /** MIME type stored with the object (the type detected at upload); `application/octet-stream` when none. */
  contentType: string;
  /** Size of the whole object in bytes. */
  sizeBytes: number;
  /** Entity tag as the service sends it, quotes included (e.g. `"5d41…"`), or null. */
  etag: string | null;
  /** Last modification instant, or null. */
  lastModified: Date | null;
}

/** What {@link S3Storage.read} answers. */
export type StoredObjectRead =
  /** The bytes: the whole object (200) or the requested range (206, `contentRange` = `bytes a-b/size`). */
  | (StoredObjectInfo & { status: 200 | 206; body: Readable; contentLength: number; contentRange: string | null })
  /** `If-None-Match` matched: the client's copy is current. */
  | { status: 304; etag: string | null }
  /** The range lies outside the object (`sizeBytes` for `Content-Range: bytes *\/size`). */
  | { status: 416; sizeBytes: number }
  /** No object under that key (the same outcome as a missing file on disk). */
  | { status: 404 };

/** Options of {@link S3Storage}: tuning for tests and large files. */
export interface S3StorageOptions {
  /** Bytes per multipart part (≥ 5 MiB); default {@link S3_PART_SIZE_BYTES}. Files up to this size go in one PUT. */
  partSizeBytes?: number;
  /** Parts in flight at once; default {@link S3_QUEUE_SIZE}. */
  queueSize?: number;
  /** Prefix of the URLs putFile returns; default `/uploads/`. */
  urlPrefix?: string;
}

/** The HTTP status of an AWS SDK error (`$metadata.httpStatusCode`), or undefined for a network error. */
function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isMissing(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}

/** A one-line description of an SDK or network error for logs and start-up messages. */
function describe(err: unknown): string {
  const e = err as { name?: string; message?: string; code?: string; errors?: Array<{ message?: string }> } | null;
  const status = statusOf(err);
  const detail = e?.message || e?.errors?.map((x) => x.message).join('; ') || e?.code || String(err);
  return `${e?.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}: ${detail}`;
}

/**
 * S3-compatible storage (AWS S3, MinIO, Cloudflare R2, s3rver) behind {@link FileStorage}: objects
 * live in one bucket under the same keys the disk adapter uses as paths (e.g.
 * `coursepicture/lq3x-ab12cd.png`), with the detected MIME type as their Content-Type. Files are
 * streamed from their temporary file with `@aws-sdk/lib-storage`'s Upload: one PUT up to
 * `partSizeBytes`, a multipart upload above (never buffered whole; a failed multipart upload is
 * aborted so no parts are left behind). The app serves them at `/uploads/<key>`
 * ({@link registerS3Uploads}; why streaming rather than redirecting: docs/storage.md).
 */
export class S3Storage implements FileStorage {
  /** The SDK client (closed by {@link S3Storage.close}). */
  readonly client: S3Client;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly urlPrefix: string;

  constructor(
    readonly config: S3StorageConfig,
    options: S3StorageOptions = {},
  ) {
    const clientConfig: S3ClientConfig = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      requestHandler: { connectionTimeout: S3_CONNECTION_TIMEOUT_MS },
    };
    if (config.endpoint) {
      clientConfig.endpoint = config.endpoint;
      // S3-compatible services vary in support for the SDK's newer default checksums (CRC32
      // trailers on every upload); send and check them only where an operation requires them.
      clientConfig.requestChecksumCalculation = 'WHEN_REQUIRED';
      clientConfig.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    if (config.credentials) clientConfig.credentials = config.credentials;
    this.client = new S3Client(clientConfig);
    this.partSize = Math.max(options.partSizeBytes ?? S3_PART_SIZE_BYTES, 5 * 1024 * 1024);
    this.queueSize = Math.max(options.queueSize ?? S3_QUEUE_SIZE, 1);
    this.urlPrefix = options.urlPrefix ?? '/uploads/';
  }

  /**
   * Checks at start-up that the bucket exists and the credentials may use it (HeadBucket), so a
   * wrong setting stops the start instead of failing the first upload.
   * @throws ConfigError naming S3_BUCKET with the service's answer (missing bucket, refused
   *   credentials, endpoint unreachable within {@link S3_CONNECTION_TIMEOUT_MS}).
   */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (err) {
      const where = this.config.endpoint ?? `AWS region ${this.config.region}`;
      const hint =
        statusOf(err) === 404
          ? 'the bucket does not exist'
          : statusOf(err) === 403
            ? 'access refused (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)'
            : describe(err);
      throw new ConfigError('S3_BUCKET', `"${this.config.bucket}" cannot be used at ${where}: ${hint}`);
    }
  }

  /**
   * Uploads a finished temporary file as object `key` (replacing any object under that key) and
   * deletes the temporary file.
   * @returns the app URL (`/uploads/<key>`) and `parts`: 0 when the file went in one PUT, else the
   *   number of multipart parts.
   * @throws Error `invalid storage key …`; `S3 upload of <key> failed: …` (with the SDK error as
   *   `cause`) when the service refuses or cannot be reached; the temporary file is then kept.
   */
  async putFile(key: string, tempPath: string, contentType: string): Promise<{ url: string; parts: number }> {
    const clean = checkStorageKey(key);
    const body = createReadStream(tempPath);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.config.bucket,
        Key: clean,
        Body: body,
        ContentType: contentType || 'application/octet-stream',
      },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    let lastPart = 0;
    upload.on('httpUploadProgress', (p) => (lastPart = Math.max(lastPart, p.part ?? 0)));
    try {
      await upload.done();
    } catch (err) {
      body.destroy();
      throw new Error(`S3 upload of ${clean} failed: ${describe(err)}`, { cause: err });
    }
    await rm(tempPath, { force: true });
    return { url: this.urlPrefix + clean, parts: upload.uploadId ? lastPart : 0 };
  }

  /**
   * Deletes object `key`; a missing object is not an error (S3 answers 204 either way).
   * @throws Error `invalid storage key …`; the SDK's error when the service refuses.
   */
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkStorageKey(key) }));
  }

  /**
   * Metadata of object `key` (HeadObject), without its bytes.
   * @returns null when there is no such object or the key is invalid.
   * @throws the SDK's error for other failures (refused credentials, network).
   */
  async head(key: string): Promise<StoredObjectInfo | null> {
    let clean: string;
    try {
      clean = checkStorageKey(key);
    } catch {
      return null;
    }
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: clean }));
      return {
        contentType: r.ContentType || 'application/octet-stream',
        sizeBytes: r.ContentLength ?? 0,
        etag: r.ETag ?? null,
        lastModified: r.LastModified ?? null,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** See {@link FileStorage.readBytes}: the whole object, read into memory. */
  async readBytes(key: string): Promise<Buffer | null> {
    const r = await this.read(key);
    if (r.status !== 200) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of r.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /**
   * Opens object `key` for reading (GetObject). The caller must consume or destroy `body`.
   * @param options.range an HTTP `Range` header; only one `bytes=a-b`, `bytes=a-` or `bytes=-n`
   *   range is honoured, anything else is ignored (the whole object is sent, as RFC 9110 allows)
   * @param options.ifNoneMatch an HTTP `If-None-Match` header (→ 304 when it matches the ETag)
   * @returns see {@link StoredObjectRead}; `{ status: 404 }` for a missing object or an invalid key.
   * @throws the SDK's error for other failures (refused credentials, network).
   */
  async read(key: string, options: { range?: string; ifNoneMatch?: string } = {}): Promise<StoredObjectRead> {
    let clean: string;
    try {
      clean = checkStorageKey(key);
    } catch {
      return { status: 404 };
    }
    const range =
      options.range && /^bytes=(\d+-\d*|-\d+)$/.test(options.range.trim()) ? options.range.trim() : undefined;
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: clean,
          Range: range,
          IfNoneMatch: options.ifNoneMatch || undefined,
        }),
      );
      const contentLength = r.ContentLength ?? 0;
      const contentRange = r.ContentRange ?? null;
      const total = contentRange ? Number(contentRange.split('/')[1]) : contentLength;
      return {
        status: contentRange ? 206 : 200,
        body: r.Body as Readable,
        contentType: r.ContentType || 'application/octet-stream',
        contentLength,
        contentRange,
        sizeBytes: Number.isFinite(total) ? total : contentLength,
        etag: r.ETag ?? null,
        lastModified: r.LastModified ?? null,
      };
    } catch (err) {
      if (isMissing(err)) return { status: 404 };
      if (statusOf(err) === 304) return { status: 304, etag: options.ifNoneMatch ?? null };
      if (statusOf(err) === 416) {
        const info = await this.head(clean);
        return info ? { status: 416, sizeBytes: info.sizeBytes } : { status: 404 };
      }
      throw err;
    }
  }

  /**
   * The public URL of `key` under S3_PUBLIC_BASE_URL (`<base>/<key>`, each segment URL-encoded),
   * or null when no public base is configured.
   */
  publicUrlOf(key: string): string | null {
    if (!this.config.publicBaseUrl) return null;
    return `${this.config.publicBaseUrl}/${checkStorageKey(key).split('/').map(encodeURIComponent).join('/')}`;
  }

  /** Closes the SDK client's sockets (on app close). */
  close(): void {
    this.client.destroy();
  }
}

/** Headers every `/uploads/…` answer from the bucket carries (the disk route's `maxAge: '1d'`, no sniffing). */
function setObjectHeaders(reply: FastifyReply, info: StoredObjectInfo, key: string): void {
  reply.header('content-type', info.contentType);
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', isPrivateUploadKey(key) ? 'private, no-store' : 'public, max-age=86400');
  reply.header('x-content-type-options', 'nosniff');
  if (info.etag) reply.header('etag', info.etag);
  if (info.lastModified) reply.header('last-modified', info.lastModified.toUTCString());
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves `/uploads/<key>` (GET and HEAD) when files are in S3, so the URLs stored in the database
 * stay the same whatever the driver:
 * 1. a file under `diskRoot/<key>` is sent from disk (the demo covers and logos the seed writes
 *    there, and files uploaded before switching from the disk driver);
 * 2. with S3_PUBLIC_BASE_URL, 302 to `<base>/<key>` (the bytes then do not pass through the app);
 * 3. otherwise the object is streamed from the bucket with its Content-Type, Content-Length, ETag,
 *    Last-Modified, one byte range (206 / 416) and `If-None-Match` (304).
 * A missing object, or a key with `..`, gets the app's not-found answer, as with the disk driver.
 * @param diskRoot the disk driver's directory (`DATA_DIR/uploads`), created when missing
 */
export async function registerS3Uploads(
  app: FastifyInstance,
  storage: S3Storage,
  diskRoot: string,
  prefix = '/uploads/',
): Promise<void> {
  await mkdir(diskRoot, { recursive: true });
  app.addHook('onClose', async () => storage.close());
  await app.register(async (scope) => {
    // Encapsulated: this `reply.sendFile` (files under diskRoot) does not clash with the SPA's.
    await scope.register(fastifyStatic, { root: diskRoot, serve: false, maxAge: '1d' });
    scope.route({
      method: ['GET', 'HEAD'],
      url: `${prefix}*`,
      handler: async (request, reply) => {
        let key: string;
        try {
          key = checkStorageKey((request.params as { '*': string })['*']);
        } catch {
          return reply.callNotFound();
        }
        if (await isFile(join(diskRoot, key))) return reply.sendFile(key);
        // A private kind never goes to a public CDN: it is streamed, after upload-access.ts checked its signature.
        const publicUrl = isPrivateUploadKey(key) ? null : storage.publicUrlOf(key);
        if (publicUrl) return reply.redirect(publicUrl, 302);

        if (request.method === 'HEAD') {
          const info = await storage.head(key);
          if (!info) return reply.callNotFound();
          setObjectHeaders(reply, info, key);
          return reply.header('content-length', String(info.sizeBytes)).send();
        }
        const header = (name: string) => {
          const v = request.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const r = await storage.read(key, { range: header('range'), ifNoneMatch: header('if-none-match') });
        switch (r.status) {
          case 404:
            return reply.callNotFound();
          case 304:
            if (r.etag) reply.header('etag', r.etag);
            return reply.code(304).send();
          case 416:
            return reply
              .code(416)
              .header('content-range', `bytes */${r.sizeBytes}`)
              .send({ message: 'The requested range is not satisfiable' });
          default:
            setObjectHeaders(reply, r, key);
            reply.header('content-length', String(r.contentLength));
            if (r.contentRange) reply.header('content-range', r.contentRange);
            return reply.code(r.status).send(r.body);
        }
      },
    });
  });
}
