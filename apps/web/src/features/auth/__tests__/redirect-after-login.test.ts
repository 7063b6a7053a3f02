import { describe, expect, it } from 'vitest';
import { redirectAfterLogin } from '../lib/redirect-after-login';

const admin = { role: 'admin' as const };
const student = { role: 'student' as const, studentId: 'abc' };

describe('redirectAfterLogin', () => {
  it('goes to redirectTo inside the user’s own area', () => {
    expect(redirectAfterLogin('/admin/records/results?term=1', admin)).toBe('/admin/records/results?term=1');
  });

  it('goes home when redirectTo is another role’s area', () => {
    expect(redirectAfterLogin('/super-admin/schools', admin)).toBe('/admin/dashboard');
    expect(redirectAfterLogin('/admin/finance', student)).toBe('/student/dashboard/abc');
  });

  it('never leaves the site', () => {
    expect(redirectAfterLogin('//evil.example/admin', admin)).toBe('/admin/dashboard');
    expect(redirectAfterLogin('https://evil.example/admin', admin)).toBe('/admin/dashboard');
    expect(redirectAfterLogin('/\\evil.example', admin)).toBe('/admin/dashboard');
  });

  it('goes home without redirectTo', () => {
    expect(redirectAfterLogin(null, admin)).toBe('/admin/dashboard');
  });
});
