import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './lib/mailer';
import type { MessageWorker } from './modules/messaging/messaging.worker';
import type { SchoolCache } from './lib/school-cache';
import type { RequestContext } from './policies/context';
import type { RoutePolicy } from './policies/policy';
import type { RequestUser } from './request-user';

export type { AcademicSessionRow, RequestUser } from './request-user';

export interface RouteEntry {
  method: string;
  url: string;
  policy: RoutePolicy;
  /** the status codes the route declares a response schema for */
  responses: string[];
}

export interface RouteAccessConfig {
  policy?: RoutePolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** Sends queued SMS and WhatsApp messages (modules/messaging, ADR 0039). */
    messageWorker: MessageWorker;
    /** Figures computed from a school's data, kept under its version (lib/school-cache.ts). */
    schoolCache: SchoolCache;
    /** Values of one student or family (their dashboards), kept under the school's version apart from the school-wide ones. */
    viewerCache: SchoolCache;
    /** Every /api route with what it needs; the route-table test walks it. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    user: RequestUser | null;
    /** The signed-in request's context (src/policies/context.ts); null on public routes and signed out. */
    ctx: RequestContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route and reach the records its URL names (src/policies). */
    policy?: RoutePolicy;
    /** false: a server-to-server callback (a payment provider's signed webhook) that carries no CSRF header. */
    csrf?: false;
  }
}
