/**
 * The one PostgreSQL schema, gathered: what drizzle-kit reads and what the rest of the server imports
 * (`db/schema`). Tables live in schema-core.ts (what every area leans on) and schema-<area>.ts; none
 * of those files imports this one.
 */
export * from './schema-core';
export * from './schema-auth';
export * from './schema-organisations';
export * from './schema-timetable';
export * from './schema-lesson-notes';
export * from './schema-admissions';
export * from './schema-attendance';
export * from './schema-report-cards';
export * from './schema-results';
export * from './schema-finance';
export * from './schema-noticeboard';
export * from './schema-cameras';
export * from './schema-referrals';
export * from './schema-ratings';
export * from './schema-calendar';
export * from './schema-messaging';
