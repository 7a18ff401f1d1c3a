/** Where tests find PostgreSQL: a server they may create and drop databases on. */
export const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    templateDatabase: string;
    workflowBundlePath: string;
    /** The compiled API and worker that spawned service processes run (test/support/service-build.ts). */
    serviceBuildDir: string;
  }
}
