/** Values vitest.config.ts and the global setup hand to the tests (`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database the tests may create schemas (and databases) in. */
    postgresUrl: string;
    /** The store adapter the API suite runs on in this project (vitest.config.ts). */
    apiStore: 'memory' | 'sqlite' | 'postgres';
  }
}

export {};
