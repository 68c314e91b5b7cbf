import { TABLES } from '../../engine/index';
import { describeStore, migrateStore } from '../store/choice';
import { describeReport } from '../store/migrations';
import { parseFlags } from './args';
import { STORE_FLAGS, storeChoiceFrom } from './store-flags';

/**
 * intent-server migrate [--data DIR | --database-url URL]: brings the database to this release's
 * schema and exits (`serve` does the same at start). Exit 1 if it was migrated by a newer release.
 */
export async function migrateCommand(args: string[]) {
  const { values } = parseFlags(args, STORE_FLAGS);
  const choice = storeChoiceFrom(values);
  console.log(describeStore(choice));
  console.log(describeReport(await migrateStore(choice, TABLES)));
}
