import { useEffect } from 'react';
import { useSettingsStore } from '@/components/stores/settings-store';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { Skeleton } from '@/components/ui/Skeleton';
import { ExportImport } from './ExportImport';
import { SettingsForm } from './SettingsForm';

export function App() {
  const { settings, loadError, load } = useSettingsStore();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <main className="options">
      <h1>Intent Commerce settings</h1>
      <ErrorMessage message={loadError}>
        <button type="button" onClick={() => void load()}>
          Retry
        </button>
      </ErrorMessage>
      {!settings && !loadError && <Skeleton lines={6} label="Loading the settings…" />}
      {settings && <SettingsForm saved={settings} />}
      {settings && <ExportImport />}
    </main>
  );
}
