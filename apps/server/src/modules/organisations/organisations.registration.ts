/** School codes and /auth/school-register: a new organisation with its first school and owner. */
import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { DEFAULT_SECURITY_SETTINGS } from '@school/shared/settings/security-defaults';
import { EMAIL_TAKEN, SCHOOL_REGISTRATION_LIMIT } from '@school/shared/organisations/schemas';
import type { SchoolRegistrationInput } from '@school/shared/schools/schemas';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { conflict, tooManyRequests } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { hit } from '../../lib/rate-limit';
import { presentSessionUser } from '../auth/auth.api';
import { startSession } from '../auth/auth.service';
import * as repo from './organisations.repository';
import { DEFAULT_OWNER_NAME, isEmailUniqueViolation, TOO_MANY_REGISTRATIONS } from './organisations.common';

// ---------------------------------------------------------------- school codes

const STOP_WORDS = new Set(['of', 'the', 'and']);

/** Initials of the name's words ('Bright Future Academy' → 'BFA'); a one-word name gives its first three letters. */
export function schoolCodeBase(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/['’]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()));
  const code = (words.length >= 2 ? words.map((word) => word[0]).join('') : (words[0] ?? '').slice(0, 3)).toUpperCase().slice(0, 6);
  return code.length >= 2 ? code : `${code}SCH`.slice(0, 3);
}

/** The base code, or the base with the first free number after it ('GA', 'GA2', 'GA3'…). */
export function uniqueSchoolCode(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((code) => code.toUpperCase()));
  const base = schoolCodeBase(name);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

// ---------------------------------------------------------------- registration

/**
 * /auth/school-register: the organisation, its first school, its permission matrix and security
 * settings and the super administrator, in one transaction; the owner is signed in at once.
 */
export async function registerSchool(app: FastifyInstance, input: SchoolRegistrationInput, meta: { ip: string; userAgent: string | null }) {
  const hits = await hit(app.db, `school-register:ip:${meta.ip}`, SCHOOL_REGISTRATION_LIMIT.windowMinutes * 60_000);
  if (hits.count > SCHOOL_REGISTRATION_LIMIT.perIp) throw tooManyRequests(TOO_MANY_REGISTRATIONS);
  const emailTaken = () => conflict(EMAIL_TAKEN, { adminEmail: EMAIL_TAKEN });
  if (await repo.isEmailTaken(app.db, input.adminEmail)) throw emailTaken();
  const passwordHash = await hashPassword(input.adminPassword);
  try {
    const { token, organisation, owner } = await app.db.transaction(async (tx) => {
      const organisation = await repo.insertOrganisation(tx, { name: input.schoolName });
      const school = await repo.insertSchool(tx, {
        organisationId: organisation.id,
        name: input.schoolName,
        address: input.address,
        city: input.city,
        state: input.state,
        email: input.email,
        phone: input.phone,
        schoolType: input.schoolType,
        code: uniqueSchoolCode(input.schoolName, []),
      });
      await repo.writeMatrix(tx, organisation.id, { matrix: DEFAULT_PERMISSION_MATRIX, customRoles: [] });
      await repo.mergeSettings(tx, organisation.id, { ...DEFAULT_SECURITY_SETTINGS });
      const owner = await repo.insertUser(tx, {
        organisationId: organisation.id,
        schoolId: null,
        email: input.adminEmail,
        name: input.adminName ?? DEFAULT_OWNER_NAME,
        role: 'super_admin',
        status: 'active',
        passwordHash,
        passwordChangedAt: new Date(),
        lastLoginAt: new Date(),
      });
      await audit(tx, {
        organisationId: organisation.id,
        schoolId: school.id,
        userId: owner.id,
        action: 'organisation.registered',
        entity: 'organisation',
        entityId: organisation.id,
        after: { organisation: organisation.name, school: { id: school.id, name: school.name, code: school.code }, superAdmin: owner.email },
        ip: meta.ip,
      });
      const token = await startSession(tx, { userId: owner.id, ip: meta.ip, userAgent: meta.userAgent });
      return { token, organisation, owner };
    });
    const user = presentSessionUser(
      {
        id: owner.id,
        name: owner.name,
        email: owner.email,
        role: 'super_admin',
        organisationId: organisation.id,
        organisationName: organisation.name,
        schoolId: null,
        schoolName: null,
        selectedAcademicSessionId: null,
      },
      null,
    );
    return { token, user };
  } catch (error) {
    // two registrations with one email at the same moment: the unique index decides
    if (isEmailUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
