import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import type { EnrollmentFailure, enrollmentMachine } from '../../../machines/enrollment.machine';

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

/** Spec §8 texts of the failures: payment and enrollment failures share the contact-us message. */
export const enrollmentFailed = msg`Enrollment failed. Please Contact US for more details`;
export const checkoutFailed = msg`System error please try later !`;

export function failureMessage(error: EnrollmentFailure): MessageDescriptor {
  return error.code === 'enrollment.checkoutFailed' ? checkoutFailed : enrollmentFailed;
}
