/**
 * GET /api/bootstrap: what every page needs first, in one answer (issue 17): the signed-in user, the
 * top bar's academic sessions, their permissions and unread notices. index.html preloads it, so a cold
 * page asks the server once before its own data. Each part answers under its own endpoint's policy
 * (a part the user may not read is null), and is computed by the module that owns it.
 */
import { bootstrapResponse } from '@school/shared/bootstrap/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountPolicy } from '../../policies/account';
import { academicSessionsPolicy } from '../../policies/academic-sessions';
import { isOwner } from '../../policies/actors';
import { contextOf } from '../../policies/context';
import { noticeboardPolicy } from '../../policies/noticeboard';
import { organisationPolicy } from '../../policies/organisation';
import { admits } from '../../policies/policy';
import { sessionsOfViewer } from '../academic-sessions/academic-sessions.service';
import { sessionUserOf } from '../auth/auth.api';
import { unreadCount } from '../noticeboard/noticeboard.service';
import { myPermissions } from '../organisations/organisations.service';

export default async function bootstrapRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/bootstrap',
    {
      config: { policy: accountPolicy.bootstrap },
      schema: {
        tags: ['auth'],
        summary: 'What every page needs first: the signed-in user (null when signed out), academic sessions, permissions and unread notices',
        response: { 200: bootstrapResponse },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) return { user: null, academicSessions: null, permissions: null, unreadNotices: null };
      const ctx = contextOf(app, request, user);
      const [sessionUser, academicSessions, unreadNotices] = await Promise.all([
        sessionUserOf(app.db, user),
        admits(academicSessionsPolicy.list, user) ? sessionsOfViewer(app, ctx) : null,
        // an owner manages the organisation's notices and reads none (the menu shows no count)
        admits(noticeboardPolicy.readBoard, user) && !isOwner(user) ? unreadCount(app, ctx) : null,
      ]);
      return {
        user: sessionUser,
        academicSessions,
        permissions: admits(organisationPolicy.readOwnPermissions, user) ? myPermissions(user) : null,
        unreadNotices,
      };
    },
  );
}
