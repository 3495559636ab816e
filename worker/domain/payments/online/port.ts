/**
 * The port an online payment provider sits behind (issue "Pay online"). Montonio (./montonio) is the one adapter;
 * another provider would be a second file answering the same shape. The core (./orders) knows only this.
 */
import type { OnlineOrderStatus, OnlinePaymentProviderName } from '../../../../src/lib/enums';

export interface CreateOrderInput {
  /** Ours, unique per order. */
  merchantReference: string;
  amountCents: number;
  currency: 'EUR';
  /** Where the guest's browser comes back, and where the provider posts its notifications. */
  returnUrl: string;
  notificationUrl: string;
  /** Which of the provider's methods the guest asked for: an Estonian bank link, or a card. */
  method: 'bank_link' | 'card';
  locale: 'et';
  /** What the guest sees on the provider's page and the bank statement. */
  description: string;
}

export interface CreatedOrder {
  providerOrderId: string;
  paymentUrl: string;
}

/** An order as the provider says it is, after its signature (or the provider's own API) was checked. */
export interface ProviderOrder {
  providerOrderId: string;
  merchantReference: string;
  status: OnlineOrderStatus;
  amountCents: number;
  currency: string;
  /** The provider's own name for how it was paid, kept on the order row. */
  providerMethod: string | null;
  /** How the ledger records it: a bank link, a card, or 'other' for a method the product does not offer. */
  ledgerMethod: 'bank_link' | 'card' | 'other';
}

/** A notification or return token that is not the provider's, not ours, expired or malformed. */
export class PaymentTokenError extends Error {
  constructor(readonly reason: 'malformed' | 'signature' | 'expired' | 'claims' | 'access_key' | 'issued_at') {
    super(`online payment token refused: ${reason}`);
  }
}

/** The provider did not answer, or answered something unusable. */
export class PaymentProviderError extends Error {}

export interface OnlinePaymentProvider {
  readonly name: OnlinePaymentProviderName;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Verifies a token the provider signed (notification or return) and reads the order from it. */
  verifyOrderToken(token: string): Promise<ProviderOrder>;
  /** Asks the provider for the order's current state (when the notification has not arrived yet). */
  fetchOrder(providerOrderId: string): Promise<ProviderOrder>;
}
