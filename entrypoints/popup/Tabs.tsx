import { useRef } from 'react';
import { useIntentsStore } from '@/components/stores/intents-store';
import { useViewStore, type PopupTab } from '@/components/stores/view-store';

const TABS: { id: PopupTab; label: string }[] = [
  { id: 'this-page', label: 'This page' },
  { id: 'watching', label: 'Watching' },
];

export const tabId = (tab: PopupTab) => `tab-${tab}`;
export const panelId = (tab: PopupTab) => `panel-${tab}`;

/** WAI-ARIA tabs: one tab stop, arrow keys / Home / End move between tabs. */
export function Tabs() {
  const active = useViewStore((state) => state.tab);
  const setTab = useViewStore((state) => state.setTab);
  const pending = useIntentsStore(
    (state) => state.intents.filter((intent) => intent.status === 'requires_user_action').length,
  );
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next]!.id;
    setTab(tab);
    buttons.current[tab]?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label="Views" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[tab.id] = element;
          }}
          id={tabId(tab.id)}
          type="button"
          role="tab"
          aria-selected={active === tab.id}
          aria-controls={panelId(tab.id)}
          tabIndex={active === tab.id ? 0 : -1}
          onClick={() => setTab(tab.id)}
          data-testid={tabId(tab.id)}
        >
          {tab.label}
          {tab.id === 'watching' && pending > 0 && (
            <>
              <span className="tab-count" aria-hidden="true">
                {pending}
              </span>
              <span className="visually-hidden">, {pending} need your action</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
