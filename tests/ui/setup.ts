/**
 * Setup of every UI test file (vite.config.ts, project `ui`): jest-dom's matchers on `expect`
 * (`toBeInTheDocument`, `toHaveTextContent`, …), and after each test the toasts a screen left
 * removed and the rendered trees unmounted, so no test sees another's toasts or elements. Hooks a
 * file registers itself run before these.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toaster } from '@/components/ui/toast';

afterEach(() => {
  act(() => toaster.remove());
  cleanup();
});
