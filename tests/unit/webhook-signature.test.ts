/** The signer against the Standard Webhooks specification's published example (its reference libraries' test vector). */
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookSignature } from '../../worker/domain/webhooks/signature';

describe('the Standard Webhooks signature', () => {
  it('is the specification’s for its example', async () => {
    const signature = await webhookSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('keys each endpoint with 24 fresh random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(atob(a.slice(6))).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
