import {
  addSchoolSchema,
  existingAdministratorSchema,
  listUsersQuerySchema,
  newAdministratorSchema,
  newRoleSchema,
  organisationUserSchema,
  SCHOOL_LOGO_UPLOAD,
  schoolStatusSchema,
  securitySettingsSchema,
  updatePermissionsSchema,
  updateProfileSchema,
  userStatusSchema,
} from '@school/shared/organisations/schemas';
import {
  customRoleSchema,
  myPermissionsSchema,
  organisationOverviewSchema,
  organisationSchoolSchema,
  organisationUserSchema as organisationUserResponse,
  permissionSettingsSchema,
  profileSchema,
  runSchoolResponse,
  schoolAdministratorSchema,
  schoolListSchema,
  schoolLogoResponse,
  schoolStatusResponseSchema,
  securitySettingsResponseSchema,
  userPageSchema,
} from '@school/shared/organisations/responses';
import { schoolRegistrationSchema } from '@school/shared/schools/schemas';
import { messageResponse, signedInResponse } from '@school/shared/auth/responses';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import { organisationPolicy as policy } from '../../policies/organisation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '../../plugins/authentication';
import { originOf } from '../../lib/request-origin';
import { readFileField } from '../../lib/uploads';
import * as service from './organisations.service';

const schoolParams = z.object({ schoolId: z.string() });
const userParams = z.object({ userId: z.string() });
const tags = ['organisation'];

export default async function organisationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const meta = (request: { ip: string } & Parameters<typeof originOf>[1]) => ({ ip: request.ip, origin: originOf(app, request) });

  // ------------------------------------------------------------ registration and own account

  app.post(
    '/api/auth/school-register',
    {
      config: { policy: policy.registerSchool },
      schema: {
        tags: ['auth'],
        summary: 'Register a school: the organisation, its first school and the super administrator, who is signed in',
        body: schoolRegistrationSchema,
        response: { 201: signedInResponse, 409: apiErrorResponse, 429: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const { token, user } = await service.registerSchool(app, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      setSessionCookie(reply, token, app.config.secureCookies);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/api/auth/permissions',
    {
      config: { policy: policy.readOwnPermissions },
      schema: { tags: ['auth'], summary: 'The signed-in user’s row of the permission matrix', response: { 200: myPermissionsSchema } },
    },
    async (request) => service.myPermissions(request.user!),
  );

  app.get(
    '/api/me/profile',
    {
      config: { policy: policy.readOwnProfile },
      schema: { tags, summary: 'The signed-in user’s name, email and phone', response: { 200: profileSchema, 404: apiErrorResponse } },
    },
    async (request) => service.getProfile(app, request.user!),
  );

  app.put(
    '/api/me/profile',
    {
      config: { policy: policy.editOwnProfile },
      schema: {
        tags,
        summary: 'Change the signed-in user’s name and phone; a new email needs the current password',
        body: updateProfileSchema,
        response: { 200: profileSchema, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.updateProfile(app, request.user!, request.body, request.ip),
  );

  // ------------------------------------------------------------ dashboard and schools

  app.get(
    '/api/organisation/overview',
    {
      config: { policy: policy.overview },
      schema: {
        tags,
        summary: 'Students, staff and classes per school and in all (an administrator sees their own school)',
        response: { 200: organisationOverviewSchema },
      },
    },
    async (request) => service.overview(app, request.user!),
  );

  app.get(
    '/api/organisation/schools',
    {
      config: { policy: policy.listSchools },
      schema: { tags, summary: 'The organisation’s schools with their figures, status and administrators', response: { 200: schoolListSchema } },
    },
    async (request) => service.listSchools(app, request.user!),
  );

  app.post(
    '/api/organisation/schools',
    {
      config: { policy: policy.addSchool },
      schema: { tags, summary: 'Add a school to the organisation', body: addSchoolSchema, response: { 201: organisationSchoolSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.addSchool(app, request.user!, request.body, request.ip)),
  );

  app.put(
    '/api/organisation/schools/:schoolId/status',
    {
      config: { policy: policy.setSchoolStatus },
      schema: {
        tags,
        summary: 'Deactivate (its users are signed out and cannot sign in) or re-activate a school',
        params: schoolParams,
        body: schoolStatusSchema,
        response: { 200: schoolStatusResponseSchema },
      },
    },
    async (request) => service.setSchoolStatus(app, request.user!, request.params.schoolId, request.body.status, request.ip),
  );

  app.post(
    '/api/organisation/schools/:schoolId/run',
    {
      config: { policy: policy.runSchool },
      schema: {
        tags,
        summary: 'Run the school as its administrator in this session (an owner, with no second account); the next requests act in that school',
        params: schoolParams,
        response: { 200: runSchoolResponse, 409: apiErrorResponse.describe('The school is deactivated') },
      },
    },
    async (request) => service.runSchool(app, request.user!, request.params.schoolId, request.ip),
  );

  app.post(
    '/api/organisation/leave-school',
    {
      config: { policy: policy.leaveSchool },
      schema: {
        tags,
        summary: 'Stop running a school: the session is the owner’s own again',
        response: { 204: noContentResponse, 400: apiErrorResponse.describe('The session runs no school') },
      },
    },
    async (request, reply) => {
      await service.leaveSchool(app, request.user!, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/organisation/schools/:schoolId/logo',
    {
      config: { policy: policy.readSchoolLogo },
      schema: { tags, summary: 'Where the school’s logo is fetched (null: none)', params: schoolParams, response: { 200: schoolLogoResponse } },
    },
    async (request) => service.getSchoolLogo(app, request.user!, request.params.schoolId),
  );

  app.put(
    '/api/organisation/schools/:schoolId/logo',
    {
      config: { policy: policy.editSchoolLogo },
      schema: {
        tags,
        summary: 'Upload the school’s logo, printed on its report cards (multipart `logo`: a JPEG or PNG of at most 2 MB); replaces the old one; audited',
        consumes: ['multipart/form-data'],
        params: schoolParams,
        response: { 200: schoolLogoResponse },
      },
    },
    async (request) => {
      const file = await readFileField(request, SCHOOL_LOGO_UPLOAD);
      return service.changeSchoolLogo(app, request.user!, request.params.schoolId, file, request.ip);
    },
  );

  app.delete(
    '/api/organisation/schools/:schoolId/logo',
    {
      config: { policy: policy.editSchoolLogo },
      schema: { tags, summary: 'Remove the school’s logo; audited', params: schoolParams, response: { 200: schoolLogoResponse } },
    },
    async (request) => service.changeSchoolLogo(app, request.user!, request.params.schoolId, null, request.ip),
  );

  app.post(
    '/api/organisation/schools/:schoolId/administrators',
    {
      config: { policy: policy.appointAdministrator },
      schema: {
        tags,
        summary: 'Appoint a new administrator (invited by mail), optionally replacing one',
        params: schoolParams,
        body: newAdministratorSchema,
        response: { 201: schoolAdministratorSchema, 409: apiErrorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.appointNewAdministrator(app, request.user!, request.params.schoolId, request.body, meta(request))),
  );

  app.put(
    '/api/organisation/schools/:schoolId/administrators/:userId',
    {
      config: { policy: policy.replaceAdministrator },
      schema: {
        tags,
        summary: 'Make a teacher of the school its administrator, optionally replacing one',
        params: z.object({ schoolId: z.string(), userId: z.string() }),
        body: existingAdministratorSchema.pick({ replacesUserId: true }),
        response: { 200: schoolAdministratorSchema },
      },
    },
    async (request) =>
      service.appointExistingAdministrator(
        app,
        request.user!,
        request.params.schoolId,
        { userId: request.params.userId, replacesUserId: request.body.replacesUserId },
        request.ip,
      ),
  );

  // ------------------------------------------------------------ users

  app.get(
    '/api/organisation/users',
    {
      config: { policy: policy.listUsers },
      schema: {
        tags,
        summary: 'One page of the organisation’s users, by role, school and a search of name or email',
        querystring: listUsersQuerySchema,
        response: { 200: userPageSchema, 404: apiErrorResponse.describe('The school named in the query is not in reach') },
      },
    },
    async (request) => service.listOrganisationUsers(app, request.user!, request.query),
  );

  app.post(
    '/api/organisation/users',
    {
      config: { policy: policy.createUser },
      schema: {
        tags,
        summary: 'Create a user of a role and school; they are invited by mail',
        body: organisationUserSchema,
        response: { 201: organisationUserResponse, 404: apiErrorResponse.describe('The school named in the body is not in reach'), 409: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createOrganisationUser(app, request.user!, request.body, meta(request))),
  );

  app.put(
    '/api/organisation/users/:userId/status',
    {
      config: { policy: policy.setUserStatus },
      schema: {
        tags,
        summary: 'Deactivate (signed out, cannot sign in) or re-activate a user',
        params: userParams,
        body: userStatusSchema,
        response: { 200: organisationUserResponse },
      },
    },
    async (request) => service.setUserStatus(app, request.user!, request.params.userId, request.body.status, request.ip),
  );

  app.post(
    '/api/organisation/users/:userId/invitation',
    {
      config: { policy: policy.resendInvitation },
      schema: { tags, summary: 'Mail a new invitation code to a user who has not accepted theirs', params: userParams, response: { 200: messageResponse } },
    },
    async (request) => {
      await service.resendInvitation(app, request.user!, request.params.userId, meta(request));
      return { message: 'Invitation sent' };
    },
  );

  // ------------------------------------------------------------ permissions

  app.get(
    '/api/organisation/permissions',
    {
      config: { policy: policy.readPermissions },
      schema: {
        tags,
        summary: 'The permission matrix, the organisation’s named roles and the grants that cannot be removed',
        response: { 200: permissionSettingsSchema },
      },
    },
    async (request) => service.getPermissions(app, request.user!),
  );

  app.put(
    '/api/organisation/permissions',
    {
      config: { policy: policy.editPermissions },
      schema: {
        tags,
        summary: 'Replace the permission matrix; it applies to the next request',
        body: updatePermissionsSchema,
        response: { 200: permissionSettingsSchema },
      },
    },
    async (request) => service.updatePermissions(app, request.user!, request.body.matrix, request.ip),
  );

  app.post(
    '/api/organisation/roles',
    {
      config: { policy: policy.addRole },
      schema: { tags, summary: 'Record a named role, based on a built-in role', body: newRoleSchema, response: { 201: customRoleSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.addCustomRole(app, request.user!, request.body, request.ip)),
  );

  app.delete(
    '/api/organisation/roles/:roleId',
    {
      config: { policy: policy.deleteRole },
      schema: { tags, summary: 'Delete a named role', params: z.object({ roleId: z.string() }), response: { 204: noContentResponse } },
    },
    async (request, reply) => {
      await service.deleteCustomRole(app, request.user!, request.params.roleId, request.ip);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ security settings

  app.get(
    '/api/organisation/security-settings',
    {
      config: { policy: policy.readSecuritySettings },
      schema: {
        tags,
        summary: 'Password length, session idle timeout and sign-in attempts before lock-out',
        response: { 200: securitySettingsResponseSchema },
      },
    },
    async (request) => service.getSecuritySettings(app, request.user!),
  );

  app.put(
    '/api/organisation/security-settings',
    {
      config: { policy: policy.editSecuritySettings },
      schema: {
        tags,
        summary: 'Change the security settings (super administrator); sign-in and sessions follow them at once',
        body: securitySettingsSchema,
        response: { 200: securitySettingsResponseSchema },
      },
    },
    async (request) => service.updateSecuritySettings(app, request.user!, request.body, request.ip),
  );
}
