import { useEffect, useState } from 'react';
import { errorMessage, v1 } from '@/components/stores/api';
import { fullHistory } from '@/components/stores/edit';
import type { Intent, PricePoint } from '@/components/stores/types';

interface Detail {
  intent: Intent;
  points: PricePoint[];
  events: { type: string; timestamp: string; data?: unknown; event_id: string }[];
}

export type DetailState = { detail: Detail } | { error: string } | null;

/** The intent, its whole price history (across edits) and its events; again on `attempt`. */
export function useIntentDetail(intentId: string, attempt: number): DetailState {
  const [state, setState] = useState<DetailState>(null);
  useEffect(() => {
    let live = true;
    setState(null);
    (async () => {
      const intent = await v1().getIntent(intentId);
      const [points, events] = await Promise.all([
        fullHistory(intent),
        v1().listEvents(intentId, { limit: 200 }),
      ]);
      return { intent, points, events: events.events };
    })().then(
      (detail) => live && setState({ detail }),
      (error: unknown) => live && setState({ error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [intentId, attempt]);
  return state;
}
