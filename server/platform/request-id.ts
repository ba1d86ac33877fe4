import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The header that carries a request's id in (from a trusted proxy) and out (every answer). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming request id that may be kept: 1 to 128 characters among letters, digits and
 * `. _ : - + = / @` (UUIDs, hex, base64, a proxy's `host-1234`): no spaces, quotes or control
 * characters that could forge or break a log line.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:+=/@-]{1,128}$/;

/** proxy-addr's names for address ranges, as TRUST_PROXY takes them (server/config.ts). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a socket's peer address is one of the TRUST_PROXY entries (addresses, CIDR ranges, the
 * names above; already validated by server/config.ts), IPv4-mapped IPv6 addresses included.
 * @param trustProxy `Config.trustProxy`: false trusts no peer.
 */
export function trustedPeer(trustProxy: string[] | false): (address: string | undefined) => boolean {
  if (!trustProxy) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const version = address ? isIP(address) : 0;
    return version !== 0 && list.check(address!, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's `genReqId`: the request's `X-Request-Id` when the socket's peer is a proxy that
 * TRUST_PROXY trusts and the id is {@link ACCEPTED_ID acceptable}, else a new random UUID (a client
 * cannot choose the id under which its requests are logged).
 */
export function requestIdGenerator(trustProxy: string[] | false): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && ACCEPTED_ID.test(incoming) && trusted(req.socket?.remoteAddress))
      return incoming;
    return randomUUID();
  };
}

/** The id of the request being handled, for log lines written outside `request.log`. */
const currentRequest = new AsyncLocalStorage<string>();

/**
 * pino's `mixin`: a line logged while a request is handled carries its `reqId`, also when written
 * through the app's logger (`AppContext.log`, which services use) rather than `request.log` (whose
 * lines carry it already, as a binding of Fastify's child logger).
 */
export function requestIdMixin(_line: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const reqId = currentRequest.getStore();
  if (reqId === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId };
}

/**
 * Sends every request's id back in `X-Request-Id`, and keeps it as the current request for
 * {@link requestIdMixin} from the first hook to the answer (Fastify carries the context across the
 * reading of a body, which goes on in the socket's events).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    currentRequest.run(request.id, done);
  });
}
