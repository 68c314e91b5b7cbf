import { TEST_CARDS } from '../../engine/index';

/** What the sandbox issuer does when a test card is charged. */
export type CardOutcome =
  | { kind: 'approve' }
  | { kind: 'challenge'; challenge: 'otp' | '3ds' }
  | { kind: 'decline'; code: 'card_declined' | 'insufficient_funds'; message: string };

export type TestCardId = keyof typeof TEST_CARDS;

const OUTCOMES: Record<TestCardId, CardOutcome> = {
  pm_card_visa: { kind: 'approve' },
  pm_card_otp_required: { kind: 'challenge', challenge: 'otp' },
  pm_card_3ds_required: { kind: 'challenge', challenge: '3ds' },
  pm_card_declined: {
    kind: 'decline',
    code: 'card_declined',
    message: 'The card was declined by the issuer. Ask the buyer for another card.',
  },
  pm_card_insufficient_funds: {
    kind: 'decline',
    code: 'insufficient_funds',
    message: 'The card has insufficient funds. Ask the buyer for another card.',
  },
};

/** The one-time code the sandbox issuer accepts for OTP challenges. */
export const SANDBOX_OTP = '000000';

export function testCardByNumber(number: string): { id: TestCardId; brand: string } | undefined {
  for (const [id, card] of Object.entries(TEST_CARDS) as [
    TestCardId,
    (typeof TEST_CARDS)[TestCardId],
  ][]) {
    if (card.number === number) return { id, brand: card.brand };
  }
  return undefined;
}

export function cardOutcome(id: string): CardOutcome {
  return OUTCOMES[id as TestCardId] ?? OUTCOMES.pm_card_declined;
}

export function testCardNumbers(): string {
  return Object.entries(TEST_CARDS)
    .map(([id, card]) => `${card.number} (${id})`)
    .join(', ');
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}
