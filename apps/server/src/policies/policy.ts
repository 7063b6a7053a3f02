/**
 * What a route's policy is made of. Every /api route names one in `config.policy`; the app refuses
 * to start when a route names none (plugins/authorization.ts). A policy says:
 * - how the route is reached at all: public, any signed-in user, or a permission-matrix cell (the
 *   coarse switch an organisation's owner edits under settings/permissions);
 * - which roles may act through it whatever the matrix says (its actors): a capability the matrix
 *   cannot grant, such as recording a payment at the bursary, which a parent never may even when the
 *   matrix gives parents finance `add` so that they can pay online;
 * - for each record named in the URL, the rule that decides whether this actor may reach it. The
 *   rules run before the body is validated, so a record the actor may not reach answers 404 whatever
 *   was sent.
 */
import { type Action, type Area, can } from '@school/shared/auth/permissions';
import { ROLES, type Role } from '@school/shared/auth/roles';
import type { DbOrTx } from '../db/client';
import type { RequestContext } from './context';

/** The kinds of records a URL names; the route × role × ownership test builds one of each. */
export type RecordKind =
  | 'academic-session'
  | 'application'
  | 'assignment'
  | 'camera'
  | 'camera-clip'
  | 'campaign'
  | 'class'
  | 'class-job'
  | 'class-subject'
  | 'fee-item'
  | 'holiday'
  | 'invoice'
  | 'lesson-note'
  | 'message'
  | 'message-batch'
  | 'notice'
  | 'payment'
  | 'pin-batch'
  | 'referrer'
  | 'role'
  | 'school'
  | 'school-job'
  | 'serial-batch'
  | 'staff'
  | 'student'
  | 'subject'
  | 'teacher-comment'
  | 'upload'
  | 'user'
  | 'withdrawal';

/**
 * Whether the actor may reach the record with this id (false answers 404: it may not know it exists).
 * `params` are the URL's parameters, each checked in the order the policy lists them: a record kept
 * under another (a camera's clip) is found by both keys (ADR 0026).
 */
export type RecordCheck = (db: DbOrTx, ctx: RequestContext, id: string, params: Readonly<Record<string, string>>) => Promise<boolean>;

export interface RecordRule {
  kind: RecordKind;
  check: RecordCheck;
  /** The 404's message ("<Kind> not found" when absent). */
  notFound?: string;
}

export type Access = { kind: 'public' } | { kind: 'signedIn' } | { kind: 'matrix'; area: Area; action: Action };

export interface RoutePolicy {
  /** `resource.action`, e.g. `finance.recordPayment`: what the route table and the tests print. */
  name: string;
  access: Access;
  /** The roles that may act through this route at all; the matrix can only narrow them. */
  actors: readonly Role[];
  /** The record-level rule for each URL parameter. */
  params: Readonly<Record<string, RecordRule>>;
  /** What a role outside the actors is told (403); the general message when absent. */
  refusal?: string;
}

interface PolicyOptions {
  actors?: readonly Role[];
  params?: Record<string, RecordRule>;
  refusal?: string;
}

/** Open to anyone, signed out included (sign-in, the public application form, a signed webhook). */
export function publicRoute(name: string, opts: Pick<PolicyOptions, 'params'> = {}): RoutePolicy {
  return { name, access: { kind: 'public' }, actors: ROLES, params: opts.params ?? {} };
}

/** Any signed-in user acting on their own account, whatever the matrix says (me, password, logout). */
export function ownAccount(name: string, opts: PolicyOptions = {}): RoutePolicy {
  return { name, access: { kind: 'signedIn' }, actors: opts.actors ?? ROLES, params: opts.params ?? {}, refusal: opts.refusal };
}

/** Reached through a permission-matrix cell, by the given actors (every role by default). */
export function matrixRoute(name: string, area: Area, action: Action, opts: PolicyOptions = {}): RoutePolicy {
  return { name, access: { kind: 'matrix', area, action }, actors: opts.actors ?? ROLES, params: opts.params ?? {}, refusal: opts.refusal };
}

/** Whether the actor may call the route at all (records aside). */
export function admits(policy: RoutePolicy, actor: Pick<RequestContext['user'], 'role' | 'matrix'>): boolean {
  return refusalOf(policy, actor) === null;
}

export const GENERAL_REFUSAL = 'You do not have permission to do this';

/** Why the actor may not call the route (the 403's message), or null when they may. */
export function refusalOf(policy: RoutePolicy, actor: Pick<RequestContext['user'], 'role' | 'matrix'>): string | null {
  if (policy.access.kind === 'public') return null;
  if (policy.access.kind === 'matrix' && !can(actor.matrix, actor.role, policy.access.area, policy.access.action)) return GENERAL_REFUSAL;
  if (!policy.actors.includes(actor.role)) return policy.refusal ?? GENERAL_REFUSAL;
  return null;
}

/** A record rule for the URL parameter (`params: { id: record('student', canViewStudent) }`). */
export function record(kind: RecordKind, check: RecordCheck, notFound?: string): RecordRule {
  return { kind, check, notFound };
}
