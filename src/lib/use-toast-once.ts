import { useEffect, useRef } from 'react';
import { toaster } from '@/components/ui/toast';
import { later } from '@/lib/later';

/**
 * Shows an error toast once for each new `key` (e.g. a failed load), after React has committed.
 * `key` null = nothing to announce.
 */
export function useErrorToast(key: unknown, title: string, description?: string) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (key === null || key === undefined || shown.current === key) return;
    shown.current = key;
    later(() => toaster.create({ title, ...(description ? { description } : {}), type: 'error' }));
  }, [key, title, description]);
}
