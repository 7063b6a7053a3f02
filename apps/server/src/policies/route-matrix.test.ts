import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { ROLES, type Role } from '@school/shared/auth/roles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../types';
import { createTestApp, TestClient } from '../test/test-app';
import { buildWorld, type KindFixtures, type World } from '../test/world';
import { refusalOf, type RecordKind } from './policy';

/**
 * Generated from the route table: every route × every role × every ownership of the records its URL
 * names — the signed-in family's own (or the school's, for staff), another family's in the same
 * school, another school's of the organisation, another organisation's — with what each must answer:
 * 403 to a role the route's policy does not admit, 404 for a record the actor may not reach, and
 * neither (nor 401 or 5xx) for one it may. A route whose URL names a record kind the world has no
 * fixture for, or whose policy has no rule for a parameter, fails.
 */
type Ownership = keyof KindFixtures;

/** Who may NOT reach another family's record of the same school, by kind (everyone else of the school may). */
const HIDDEN_FROM: Partial<Record<RecordKind, readonly Role[]>> = {
  student: ['teacher', 'student', 'parent'],
  invoice: ['teacher', 'student', 'parent'],
  payment: ['teacher', 'student', 'parent'],
  'teacher-comment': ['teacher', 'student', 'parent'],
  assignment: ['teacher', 'student', 'parent'],
  'lesson-note': ['teacher'],
  // a class one teaches or is in: the roster and timetable of other classes are the school's
  class: ['teacher', 'student', 'parent'],
};

function reachable(kind: RecordKind, role: Role, ownership: Ownership): boolean {
  switch (ownership) {
    case 'own':
      return true;
    case 'otherFamily':
      return !(HIDDEN_FROM[kind] ?? []).includes(role);
    case 'otherSchool':
      return role === 'super_admin';
    case 'otherOrganisation':
      return false;
  }
}

let app: FastifyInstance;
let world: World;
const clients = {} as Record<Role, TestClient>;

beforeAll(async () => {
  app = await createTestApp();
  world = await buildWorld(app.db, { uploadsDir: app.config.uploadsDir });
  for (const role of ROLES) {
    clients[role] = new TestClient(app);
    await clients[role].login(world.a.users[role].email);
  }
}, 180_000);
afterAll(async () => {
  await app?.close();
});

interface Case {
  route: RouteEntry;
  role: Role;
  ownership: Ownership | null;
  param: string | null;
  url: string;
  expected: 'refused' | 'not-found' | 'reached';
}

/** The cases of one route, own records last and deletions after everything else. */
function casesOf(route: RouteEntry, fixtures: Record<RecordKind, KindFixtures>, problems: string[]): Case[] {
  const params = (route.url.match(/:[A-Za-z]+/g) ?? []).map((p) => p.slice(1));
  const own: Record<string, string> = {};
  for (const param of params) {
    const rule = route.policy.params[param];
    if (!rule) {
      problems.push(`${route.method} ${route.url}: policy ${route.policy.name} has no record rule for :${param}`);
      return [];
    }
    const fixture = fixtures[rule.kind];
    if (!fixture) {
      problems.push(`${route.method} ${route.url}: the world has no fixture of kind '${rule.kind}' (add one to test/world.ts)`);
      return [];
    }
    own[param] = fixture.own;
  }
  const urlWith = (values: Record<string, string>) => route.url.replace(/:([A-Za-z]+)/g, (_, p: string) => values[p]).replace(/\*$/, '');
  const cases: Case[] = [];
  for (const role of ROLES) {
    const admitted = refusalOf(route.policy, { role, matrix: DEFAULT_PERMISSION_MATRIX }) === null;
    for (const param of params) {
      const kind = route.policy.params[param].kind;
      for (const ownership of ['otherFamily', 'otherSchool', 'otherOrganisation'] as const) {
        const id = fixtures[kind][ownership];
        if (!id) continue;
        const expected = !admitted ? 'refused' : reachable(kind, role, ownership) ? 'reached' : 'not-found';
        cases.push({ route, role, ownership, param, url: urlWith({ ...own, [param]: id }), expected });
      }
    }
    cases.push({ route, role, ownership: params.length ? 'own' : null, param: null, url: urlWith(own), expected: admitted ? 'reached' : 'refused' });
  }
  // within a route: records of others first, then one's own (a deletion of one's own comes last)
  return cases.sort((x, y) => Number(x.ownership === 'own') - Number(y.ownership === 'own'));
}

/**
 * A reachable record may still answer 404 past the policy: a deletion of one's own that an earlier
 * role already made, or a route naming two records where only one was swapped for another school's
 * (the pair no longer belongs together).
 */
function mayMissAfterPolicy(c: Case) {
  return c.route.method === 'DELETE' || (c.ownership !== 'own' && Object.keys(c.route.policy.params).length > 1);
}

describe('route × role × ownership', () => {
  it('answers every route as its policy says, for every role and every ownership of the records it names', async () => {
    const problems: string[] = [];
    const routes = [...app.routeTable]
      .filter((r) => r.policy.access.kind !== 'public' && !r.url.startsWith('/api/auth/logout'))
      .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    const cases = routes.flatMap((route) => casesOf(route, world.fixtures, problems));
    const kinds = new Set<string>();
    for (const c of cases) {
      if (c.param) kinds.add(c.route.policy.params[c.param].kind);
      const res = await clients[c.role].request({
        method: c.route.method as 'GET',
        url: c.url,
        payload: ['GET', 'DELETE'].includes(c.route.method) ? undefined : {},
      });
      const where = `${c.role} ${c.route.method} ${c.route.url} [${c.ownership ?? 'no record'}${c.param ? ` :${c.param}` : ''}] (${c.route.policy.name}) → ${res.statusCode} ${res.body.slice(0, 100)}`;
      const got = res.statusCode;
      if (got >= 500) problems.push(`5xx: ${where}`);
      else if (c.expected === 'refused' && got !== 403) problems.push(`expected 403: ${where}`);
      else if (c.expected === 'not-found' && got !== 404) problems.push(`expected 404: ${where}`);
      else if (c.expected === 'reached' && (got === 401 || got === 403 || (got === 404 && !mayMissAfterPolicy(c))))
        problems.push(`expected to reach: ${where}`);
      // an owner who ran a school is the school's administrator until they leave it (ADR 0038)
      if (c.route.policy.name === 'organisation.runSchool' && got === 200) await clients[c.role].post('/api/organisation/leave-school');
      // a sign-out or a password change ends the session: sign in again
      if (!clients[c.role].cookie('sid')) await clients[c.role].login(world.a.users[c.role].email);
    }
    const withRecords = routes.filter((r) => r.url.includes(':')).length;
    console.log(
      `route × role × ownership: ${cases.length} requests over ${routes.length} routes (${withRecords} naming records of ${kinds.size} kinds) × ${ROLES.length} roles; ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
  }, 300_000);
});
