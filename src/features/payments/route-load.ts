import type { GatewayConfig } from '@machines/checkout.machine';

/** `GET /payments/config` mapped onto the checkout's `GatewayConfig`. */
export function toGatewayConfig(config: {
  gateway: 'sandbox' | 'stripe';
  publishableKey: string | null;
  holdMinutes: number;
  testCards: GatewayConfig['testCards'];
}): GatewayConfig {
  return {
    gateway: config.gateway,
    publishableKey: config.publishableKey,
    holdMinutes: config.holdMinutes,
    testCards: config.testCards,
  };
}
