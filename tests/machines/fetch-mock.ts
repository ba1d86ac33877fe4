/** A fetch stand-in routing `METHOD /path` to handlers, recording every request (cloned). */
export type Handler = (request: Request, call: number) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function mockFetch(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; headers: Headers; body: string | null; request: Request }> = [];
  const counts = new Map<string, number>();
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const body = request.body ? await request.clone().text() : null;
    calls.push({ method: request.method, path: url.pathname + url.search, headers: request.headers, body, request });
    const handler = routes[key];
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (!handler) return json(404, { message: `no mock for ${key}` });
    return handler(request, n);
  };
  return { fetch, calls };
}
