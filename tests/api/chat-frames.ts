/** A JSON frame of the chat socket (server/modules/classroom/chat-socket.ts `ServerFrame`). */
export type Frame = { type: string; [key: string]: unknown };

/** The part of a WebSocket (ws, or @fastify/websocket's injectWS) the frame reader needs. */
interface FrameSource {
  on(event: 'message', listener: (data: Buffer) => void): unknown;
  on(event: 'close', listener: (code: number) => void): unknown;
}

/**
 * Records the JSON frames a chat socket receives, and its close code; `next(match)` waits (at most
 * `timeoutMs`) for the first frame not yet taken that matches.
 */
export function frameReader(ws: FrameSource) {
  const frames: Frame[] = [];
  const taken = new Set<Frame>();
  let closeCode: number | null = null;
  let wake: () => void = () => {};
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    wake();
  });
  ws.on('close', (code) => {
    closeCode = code;
    wake();
  });
  return {
    frames,
    closeCode: () => closeCode,
    async next(match: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find((f) => !taken.has(f) && match(f));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    async closed(timeoutMs = 3000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      while (closeCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (closeCode === null) throw new Error('the socket did not close');
      return closeCode;
    },
  };
}
