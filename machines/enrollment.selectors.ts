import type { SnapshotFrom } from 'xstate';
import type { enrollmentMachine } from './enrollment.machine';

export type EnrollmentSnapshot = SnapshotFrom<typeof enrollmentMachine>;

/** The panel's step, for rendering (one value per screen). */
export type EnrollmentView = 'idle' | 'checkout' | 'enrolling' | 'enrolled' | 'full' | 'failed';

export function selectView(s: EnrollmentSnapshot): EnrollmentView {
  if (s.matches('checkout')) return 'checkout';
  if (s.matches('enrolling')) return 'enrolling';
  if (s.matches('enrolled')) return 'enrolled';
  if (s.matches('full')) return 'full';
  if (s.matches('failed')) return 'failed';
  return 'idle';
}

/** The running checkout (child actor `checkout`) while paying, else undefined. */
export const selectCheckout = (s: EnrollmentSnapshot) => (s.matches('checkout') ? s.children.checkout : undefined);
