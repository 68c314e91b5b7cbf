/**
 * Schema versions, shared by the SQLite and PostgreSQL stores.
 *
 * Each store keeps a `schema_migrations` table (version, name, applied_at). At open, in one
 * transaction, it (1) derives tables, index columns and indexes from the engine's TABLES (adding
 * an index needs no migration), then (2) runs the numbered migrations the database has not seen,
 * recording each. A database whose version is above the last migration this code knows was
 * written by a newer intent-server: the store refuses to open it rather than guess.
 *
 * Version 1 is the layout intent-server 0.1 created (documents plus derived index columns),
 * whose SQLite files have no versions table yet: step (1) leaves them as they are and they are
 * recorded at version 1. Later migrations transform documents; the stores recompute the index
 * columns afterwards.
 */
export interface MigrationStep {
  version: number;
  name: string;
}

export interface MigrationReport {
  /** Version before this run (0: a database without a versions table). */
  from: number;
  to: number;
  applied: MigrationStep[];
  /** Indexes made again because their definition changed (SQLite: made partial, 2026-11-29). */
  rebuiltIndexes?: string[];
}

export const VERSIONS_TABLE = 'schema_migrations';

export const BASELINE: MigrationStep = {
  version: 1,
  name: 'documents with index columns derived from TABLES (intent-server 0.1)',
};

export class SchemaTooNewError extends Error {
  constructor(where: string, found: number, known: number) {
    super(
      `${where} is at schema version ${found}, but this intent-server knows versions up to ${known}: ` +
        'it was migrated by a newer release. Run that release (or newer) against it, or point this ' +
        'one at another database.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/** The steps a database at `current` still needs; refuses a database newer than `steps`. */
export function pendingSteps<M extends MigrationStep>(
  current: number,
  steps: readonly M[],
  where: string,
): M[] {
  steps.forEach((step, i) => {
    if (step.version !== i + 1) throw new Error(`Migration ${step.name} must be version ${i + 1}`);
  });
  const latest = steps.length;
  if (current > latest) throw new SchemaTooNewError(where, current, latest);
  return steps.slice(current);
}

export function describeReport(report: MigrationReport): string {
  const indexes = rebuiltLine(report.rebuiltIndexes ?? []);
  if (report.applied.length === 0) return `Schema is up to date (version ${report.to}).${indexes}`;
  const steps = report.applied.map((s) => `  ${s.version}: ${s.name}`).join('\n');
  return `Migrated the schema from version ${report.from} to ${report.to}:\n${steps}${indexes}`;
}

/** The indexes made again, on a line of their own (the first five named when there are more). */
function rebuiltLine(rebuilt: string[]): string {
  if (rebuilt.length === 0) return '';
  const named =
    rebuilt.length > 6 ? [...rebuilt.slice(0, 5), `${rebuilt.length - 5} more`] : rebuilt;
  const noun = rebuilt.length === 1 ? 'index' : 'indexes';
  return `\nMade again ${rebuilt.length} ${noun} whose definition changed (rows lacking an indexed field are left out): ${named.join(', ')}.`;
}

/** Whether a report says something changed: a migration applied or an index made again. */
export const changedAnything = (report: MigrationReport) =>
  report.applied.length > 0 || (report.rebuiltIndexes?.length ?? 0) > 0;
