import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), re-rendering every `intervalMs` (default 15 s) so countdowns and
 * the join window follow the clock. With `fixed` (tests, screenshots) that value is returned and
 * no timer runs.
 */
export function useNow(fixed?: number, intervalMs = 15_000): number {
  const [now, setNow] = useState(() => fixed ?? Date.now());
  useEffect(() => {
    if (fixed !== undefined) return;
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [fixed, intervalMs]);
  return fixed ?? now;
}
