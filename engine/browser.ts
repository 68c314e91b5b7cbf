/** The engine's browser adapters, for the extension's background: IndexedDB, alarms, fetch. */
export { createDexieStore, type DexieStoreOptions } from './adapters/dexie';
export {
  createAlarmScheduler,
  ensureAlarm,
  type AlarmScheduler,
  type AlarmSchedulerOptions,
  type AlarmsApi,
} from './adapters/browser-alarms-scheduler';
export { createBrowserFetcher, type BrowserFetcherOptions } from './adapters/browser-fetcher';
