import type { Intent } from '@/components/stores/types';
import { hostOf } from '@/components/ui/labels';
import { ChallengeAction } from './ChallengeAction';
import { ConfirmationAction } from './ConfirmationAction';
import { IdentityAction } from './IdentityAction';
import { OtpAction } from './OtpAction';

const HEADINGS = {
  otp: 'Enter the code from your bank',
  '3ds': 'Approve the payment',
  confirmation: 'Confirm your purchase',
  identity: 'Details for delivery',
} as const;

/** A purchase paused for the user (requires_user_action), answered by next_action.type. */
export function ActionCard({ intent }: { intent: Intent }) {
  const action = intent.next_action;
  const product = intent.objective.product;
  const title = product?.product_title ?? (product?.product_url ? hostOf(product.product_url) : '');
  const headingId = `action-${intent.intent_id}`;
  return (
    <section
      className="card action-card"
      aria-labelledby={headingId}
      data-testid="action-card"
      data-intent-id={intent.intent_id}
      data-action-type={action?.type}
    >
      <h2 id={headingId}>
        {action ? HEADINGS[action.type] : 'Your action is needed'}
        {title && <span className="muted"> · {title}</span>}
      </h2>
      {action?.type === 'otp' && <OtpAction intent={intent} />}
      {action?.type === '3ds' && <ChallengeAction intent={intent} type="3ds" />}
      {action?.type === 'identity' && <IdentityAction intent={intent} />}
      {action?.type === 'confirmation' && <ConfirmationAction intent={intent} />}
      {!action && <p>Waiting for the details of the requested action…</p>}
    </section>
  );
}
