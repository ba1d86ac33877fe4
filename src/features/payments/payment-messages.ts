import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CheckoutFailure, DiscountRefusal } from '@machines/checkout.machine';
import type { EnrollmentFailure } from '@machines/enrollment.machine';

/**
 * The words of the payment and enrollment failures (product.md#messages toasts, checkout headlines). The
 * machines keep codes; what they mean to the user is said here.
 */

/** product.md#messages: the toast of a failed payment or enrollment. */
export const enrollmentFailed = msg`Enrollment failed. Please Contact US for more details`;
/** product.md#messages: the generic failure. */
export const systemError = msg`System error please try later !`;

/** The headline of a checkout failure (the reason, when the server gave one, is shown under it). */
export function checkoutFailureTitle(error: CheckoutFailure): MessageDescriptor {
  switch (error.code) {
    case 'checkout.loadFailed':
      return msg`We could not prepare your payment`;
    case 'checkout.cardRefused':
      return msg`This card was refused`;
    case 'checkout.addCardFailed':
      return msg`The card could not be added`;
    case 'checkout.intentFailed':
      return msg`The payment could not be started`;
    case 'checkout.cardDeclined':
      return msg`Your card was declined`;
    case 'checkout.authenticationFailed':
      return msg`Your bank did not confirm the payment`;
    case 'checkout.walletFailed':
      return msg`The wallet payment did not go through`;
    case 'checkout.releaseFailed':
      return msg`We could not release the card payment`;
    case 'checkout.codeRefused':
      return msg`Your discount code was not accepted`;
    default:
      return error.declineCode === 'insufficient_funds'
        ? msg`Your card has insufficient funds`
        : msg`The payment did not go through`;
  }
}

/** The toast and headline of a failed enrollment: a failed checkout says the generic failure, the rest the contact-us text. */
export function enrollmentFailureMessage(error: EnrollmentFailure): MessageDescriptor {
  return error.code === 'enrollment.checkoutFailed' ? systemError : enrollmentFailed;
}

/** Why a discount code was refused, in the learner's language (the server's reason `DiscountRefusal`; `failed`: no answer or another error). */
export function discountRefusalMessage(reason: DiscountRefusal): MessageDescriptor {
  switch (reason) {
    case 'unknown':
      return msg`This code does not exist. Check its spelling.`;
    case 'notYetValid':
      return msg`This code is not valid yet.`;
    case 'expired':
      return msg`This code has expired.`;
    case 'exhausted':
      return msg`This code has been used up.`;
    case 'learnerLimit':
      return msg`You have already used this code as often as allowed.`;
    case 'otherCompany':
      return msg`This code is for another company's members.`;
    case 'wrongCourse':
      return msg`This code is for another course.`;
    case 'wrongSession':
      return msg`This code is for another session of this course.`;
    default:
      return msg`We could not check this code. Try again.`;
  }
}
