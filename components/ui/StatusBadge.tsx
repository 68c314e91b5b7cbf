import type { IntentStatus } from '../stores/types';
import { STATUS_TONE, STATUS_WORDS } from './labels';

export function StatusBadge({ status }: { status: IntentStatus }) {
  return (
    <span className={`badge badge-${STATUS_TONE[status]}`} data-testid="status-badge">
      {STATUS_WORDS[status]}
    </span>
  );
}
