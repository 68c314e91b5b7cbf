import { useState } from 'react';
import { errorMessage } from '@/components/stores/api';
import { exportWatches, importWatches, watchesCsv } from '@/components/stores/export';
import { ErrorMessage } from '@/components/ui/ErrorMessage';

/** Hands a file to the browser's downloads. */
function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const watches = (n: number) => `${n} ${n === 1 ? 'watch' : 'watches'}`;

const stamp = () => new Date().toISOString().slice(0, 10);

/** The Watching list as CSV or JSON (with history), and a JSON export read back in. */
export function ExportImport() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (work: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    setError(null);
    work()
      .then(setMessage)
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setBusy(false));
  };

  const exportAs = (kind: 'csv' | 'json') =>
    run(async () => {
      const data = await exportWatches();
      if (kind === 'csv')
        download(
          `intent-commerce-watches-${stamp()}.csv`,
          'text/csv',
          watchesCsv(data.watches.map((watch) => watch.intent)),
        );
      else
        download(
          `intent-commerce-watches-${stamp()}.json`,
          'application/json',
          JSON.stringify(data, null, 2),
        );
      return `Exported ${watches(data.watches.length)}.`;
    });

  const importFile = (file: File | undefined) => {
    if (!file) return;
    run(async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new Error('That file is not JSON: choose a JSON export of Intent Commerce.');
      }
      const result = await importWatches(parsed);
      const failed = result.failed.length ? `, ${result.failed.length} failed` : '';
      return `Imported ${watches(result.created)} (${result.skipped} skipped: ended, expired or already here${failed}).`;
    });
  };

  return (
    <section className="card" aria-labelledby="export-heading">
      <h2 id="export-heading">Your watches</h2>
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => exportAs('csv')}
          data-testid="export-csv"
        >
          Export CSV
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => exportAs('json')}
          data-testid="export-json"
        >
          Export JSON (with history)
        </button>
      </div>
      <label className="field">
        <span>Import a JSON export</span>
        <input
          type="file"
          accept="application/json,.json"
          disabled={busy}
          onChange={(event) => {
            importFile(event.target.files?.[0]);
            event.target.value = ''; // the same file chosen again is a new import
          }}
          data-testid="import-json"
        />
      </label>
      <p className="hint">Watches still open and not expired are watched again here.</p>
      <p role="status" data-testid="export-result">
        {message ?? ''}
      </p>
      <ErrorMessage message={error} testId="export-error" />
    </section>
  );
}
