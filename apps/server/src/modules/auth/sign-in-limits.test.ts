import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTenant, createTestApp, createUser, TEST_PASSWORD, TestClient } from '../../test/test-app';

// Sign-in limits: failures count, per account (a growing wait) and per address (a threshold a computer
// lab never reaches); successful sign-ins never count. The clock is faked (Date only) so that waits
// can pass without sleeping; the limits read it through lib/rate-limit.ts.

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

let lastAddress = 0;
const freshAddress = () => `198.51.100.${++lastAddress}`;
const pass = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
const pupil = () => createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'student' });

function signIn(address: string, email: string, password = TEST_PASSWORD) {
  return new TestClient(app).request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: address });
}

describe('sign-in limits', () => {
  it('lets a whole computer lab sign in from one address after one pupil’s password was guessed at there', async () => {
    const lab = freshAddress();
    const guessed = await pupil();
    const answers: Array<[number, string | undefined]> = [];
    for (let i = 0; i < 8; i++) {
      const [, wait] = answers.at(-1) ?? [];
      if (wait) pass(Number(wait));
      const res = await signIn(lab, guessed.email, `wrong-guess-${i}`);
      answers.push([res.statusCode, res.headers['retry-after'] as string | undefined]);
    }
    // four free failures, then a wait that doubles with every further one
    expect(answers).toEqual([
      [401, undefined],
      [401, undefined],
      [401, undefined],
      [401, undefined],
      [429, '1'],
      [429, '2'],
      [429, '4'],
      [429, '8'],
    ]);

    const classmates = [];
    for (let i = 0; i < 40; i++) classmates.push(await pupil());
    const started = performance.now();
    // the whole class at once
    const statuses = (await Promise.all(classmates.map((classmate) => signIn(lab, classmate.email)))).map((res) => res.statusCode);
    expect(statuses).toEqual(classmates.map(() => 200));
    expect(performance.now() - started).toBeLessThan(60_000);

    const early = await signIn(lab, guessed.email);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('8');
    expect(early.json().message).toBe('Too many failed sign-ins for this account. Please try again in 8 seconds.');
    pass(7);
    expect((await signIn(lab, guessed.email)).headers['retry-after']).toBe('1');
    pass(1);
    const onTime = await signIn(lab, guessed.email);
    expect(onTime.statusCode).toBe(200);
    expect(onTime.json().user.id).toBe(guessed.id);
  });

  it('forgets an account’s failures once it signs in', async () => {
    const address = freshAddress();
    const user = await pupil();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(address, user.email, 'wrong-guess-1')).statusCode);
    statuses.push((await signIn(address, user.email)).statusCode);
    for (let i = 0; i < 4; i++) statuses.push((await signIn(address, user.email, 'wrong-guess-2')).statusCode);
    statuses.push((await signIn(address, user.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 200]);
  });

  it('delays guesses at an unknown email exactly as at a real account', async () => {
    const address = freshAddress();
    const user = await pupil();
    const answers = async (email: string) => {
      const list = [];
      for (let i = 0; i < 6; i++) {
        const res = await signIn(address, email, 'wrong-guess-1');
        list.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.json().message}`);
      }
      return list;
    };
    const real = await answers(user.email);
    expect(real[5]).toBe('429 1 Too many failed sign-ins for this account. Please try again in 1 second.');
    expect(await answers('nobody-at-all@example.test')).toEqual(real);
  });

  it('refuses an address past 100 failed sign-ins in 15 minutes, whichever accounts they were for', async () => {
    const bot = freshAddress();
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++) statuses.add((await signIn(bot, `nobody-${i}@example.test`, 'guess-1')).statusCode);
    expect([...statuses]).toEqual([401]);

    const user = await pupil();
    for (const res of [await signIn(bot, 'nobody-100@example.test', 'guess-1'), await signIn(bot, user.email)]) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('900');
      expect(res.json().message).toBe('Too many failed sign-ins from this network. Please try again in 15 minutes.');
    }
    expect((await signIn(freshAddress(), user.email)).statusCode).toBe(200);
    pass(15 * 60);
    expect((await signIn(bot, user.email)).statusCode).toBe(200);
  });
});
