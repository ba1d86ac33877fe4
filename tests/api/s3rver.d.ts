/** Types for the parts of s3rver 3.7 (a local S3 emulator, dev dependency) the storage tests use; the package ships none. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    /** Host/IP to bind (default localhost). */
    address?: string;
    /** TCP port; 0 picks a free one (default 4568). */
    port?: number;
    /** Suppress request logs. */
    silent?: boolean;
    /** Where buckets and objects are kept on disk. */
    directory?: string;
    /** Remove all bucket data on close. */
    resetOnClose?: boolean;
    /** Accept requests whatever their signature. */
    allowMismatchedSignatures?: boolean;
    /** Buckets created at start (configs: raw XML bucket configurations, e.g. CORS). */
    configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; resolves with the bound address (its `port` when 0 was asked). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
