import type { Config } from '../../config.js';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';
import { StripeGateway } from './stripe.js';

/** The gateway the configuration asks for: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export function gatewayFor(config: Config): PaymentGateway {
  return config.stripe ? new StripeGateway(config.stripe) : new SandboxGateway();
}
