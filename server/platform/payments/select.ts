import type { Config } from '../../config.js';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';

/**
 * The gateway the configuration asks for: Stripe when STRIPE_SECRET_KEY is set, else the sandbox.
 * The Stripe SDK (about a second to load) is only loaded when it is the one asked for.
 */
export async function gatewayFor(config: Config): Promise<PaymentGateway> {
  if (!config.stripe) return new SandboxGateway();
  const { StripeGateway } = await import('./stripe.js');
  return new StripeGateway(config.stripe);
}
