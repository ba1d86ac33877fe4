import type { AppContext } from '../../platform/context.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { GatewayError } from '../../platform/payments/gateway.js';
import type { StripeGateway } from '../../platform/payments/stripe.js';
import { applyGatewayEvent } from './intent-jobs.js';

/**
 * POST /payments/webhooks/stripe: verifies the signature over the raw body and applies
 * payment_intent.amount_capturable_updated / succeeded / payment_failed to our intent (by its Stripe id).
 * @throws 404 without the Stripe gateway; 400 for a bad signature.
 */
export async function receiveStripeWebhook(
  app: AppContext,
  rawBody: string | null,
  signature: string,
): Promise<{ received: true }> {
  // By name: the Stripe module (and its SDK) is only loaded when Stripe is configured (select.ts).
  if (app.gateway.name !== 'stripe') throw notFound('Stripe webhook');
  const gateway = app.gateway as StripeGateway;
  let event;
  try {
    event = gateway.verifyWebhook(rawBody ?? '', signature);
  } catch (e) {
    if (e instanceof GatewayError) throw new HttpError(400, `Webhook refused: ${e.message}`);
    throw e;
  }
  // Cards are authorized, then captured (intents.ts): `amount_capturable_updated` says a 3-D Secure
  // payment is authorized (the learner may have closed the page), `succeeded` that it was captured.
  if (event.type === 'payment_intent.amount_capturable_updated') {
    await applyGatewayEvent(app, event.data.object.id, { status: 'authorized', gatewayRef: event.data.object.id });
  } else if (event.type === 'payment_intent.succeeded') {
    await applyGatewayEvent(app, event.data.object.id, { status: 'captured', gatewayRef: event.data.object.id });
  } else if (event.type === 'payment_intent.payment_failed') {
    const err = event.data.object.last_payment_error;
    await applyGatewayEvent(app, event.data.object.id, {
      status: 'failed',
      code: err?.decline_code ?? err?.code ?? 'card_declined',
      message: err?.message ?? 'Your card was declined.',
    });
  }
  return { received: true };
}
