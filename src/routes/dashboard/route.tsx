import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAuth } from '@/lib/auth/guards';

/**
 * `/dashboard/*` layout: waits for the auth actor once and sends signed-out visitors to
 * `/login?redirect=…`; the login record goes into the route context (`record`) for the pages'
 * role checks (`requireRole(ctx, ROLES.…)`).
 */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: async (opts) => ({ record: await requireAuth(opts) }),
  component: Outlet,
});
