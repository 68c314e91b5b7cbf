import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/ErrorMessage';

/** The top of a view opened from a row: Back, and the heading that takes focus on open. */
export function SubViewTop({
  id,
  onBack,
  backTestId,
  children,
}: {
  id: string;
  onBack: () => void;
  backTestId: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="receipt-top">
      <button type="button" onClick={onBack} data-testid={backTestId}>
        ← Back
      </button>
      <h2 id={id} ref={heading} tabIndex={-1}>
        {children}
      </h2>
    </div>
  );
}

/** A load that failed, with Retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorMessage message={message}>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </ErrorMessage>
  );
}
