import { describe, expect, it } from 'vitest';
import { roleLinks } from '@/features/layout/role-links';
import type { Role } from '@/lib/auth/roles';

describe('role links', () => {
  it.each<Role>(['EDUCATOR', 'ADMIN', 'SUPER_ADMIN', 'PARTNER'])(
    "gives each of the %s's work areas an icon of its own (Inbox and Invitations are told apart)",
    (role) => {
      const icons = roleLinks(role).map((link) => link.icon);
      expect(icons.length).toBeGreaterThan(0);
      expect(new Set(icons).size).toBe(icons.length);
    },
  );
});
