import './types';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, loadConfig } from './config';
import type { Database } from './db/client';
import { createMailer } from './lib/mailer';
import { createMessageWorker } from './modules/messaging/messaging.worker';
import { termiiGateway } from './modules/messaging/termii';
import { loadPageIndexes } from './lib/page-preloads';
import academicSessionRoutes from './modules/academic-sessions/academic-sessions.routes';
import admissionRoutes from './modules/admissions/admissions.routes';
import financeRoutes from './modules/finance/finance.routes';
import feesRoutes from './modules/finance/fees.routes';
import paymentSettingsRoutes from './modules/finance/payment-settings.routes';
import academicsRoutes from './modules/academics/academics.routes';
import promotionRoutes from './modules/promotion/promotion.routes';
import attendanceRoutes from './modules/attendance/attendance.routes';
import auditRoutes from './modules/audit/audit.routes';
import cameraRoutes from './modules/cameras/cameras.routes';
import noticeboardRoutes from './modules/noticeboard/noticeboard.routes';
import authRoutes from './modules/auth/auth.routes';
import devRoutes from './modules/dev/dev.routes';
import healthRoutes from './modules/health/health.routes';
import invitationRoutes from './modules/invitations/invitations.routes';
import lessonNoteRoutes from './modules/lesson-notes/lesson-notes.routes';
import organisationRoutes from './modules/organisations/organisations.routes';
import parentRoutes from './modules/parents/parents.routes';
import timetableRoutes from './modules/timetable/timetable.routes';
import searchRoutes from './modules/search/search.routes';
import staffRoutes from './modules/staff/staff.routes';
import studentRoutes from './modules/students/students.routes';
import uploadRoutes from './modules/uploads/uploads.routes';
import assignmentRoutes from './modules/assignments/assignments.routes';
import teacherCommentRoutes from './modules/teacher-comments/teacher-comments.routes';
import ratingRoutes from './modules/ratings/ratings.routes';
import resultPinRoutes from './modules/result-pins/result-pins.routes';
import reportCardRoutes from './modules/report-cards/report-cards.routes';
import resultRoutes from './modules/results/results.routes';
import referralRoutes from './modules/referrals/referrals.routes';
import reportRoutes from './modules/reports/reports.routes';
import dashboardRoutes from './modules/dashboards/dashboards.routes';
import bootstrapRoutes from './modules/bootstrap/bootstrap.routes';
import messagingRoutes from './modules/messaging/messaging.routes';
import authentication, { SESSION_COOKIE } from './plugins/authentication';
import authorization from './plugins/authorization';
import contracts from './plugins/contracts';
import csrf from './plugins/csrf';
import etag from './plugins/etag';
import errors from './plugins/errors';
import strings from './plugins/strings';
import { SchoolCache } from './lib/school-cache';

export interface BuildOptions {
  config?: Partial<Config>;
  database: Database;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

/** A family's dashboard kept is a few KB: 3,000 of them (a large school's families) stay within ~10 MB. */
const VIEWER_CACHE_ENTRIES = 3000;

/** Builds the app: external plugins, then app plugins, then each module, in this visible order. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const config = loadConfig(process.env, opts.config);
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('schoolCache', new SchoolCache(process.env.SCHOOL_CACHE !== 'off'));
  app.decorate('viewerCache', new SchoolCache(process.env.SCHOOL_CACHE !== 'off', VIEWER_CACHE_ENTRIES));
  app.decorate('mailer', createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  app.decorate(
    'messageWorker',
    createMessageWorker(app, () => termiiGateway(app.config.termiiBaseUrl), app.log),
  );
  app.messageWorker.start(config.messageWorkerIntervalMs);
  app.addHook('onClose', async () => {
    await app.messageWorker.stop();
    await opts.database.close();
  });

  // external plugins
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // camera streams and recordings live on the cameras' own servers (decision 0016)
        mediaSrc: ["'self'", 'https:', 'http:', 'blob:'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://player.vimeo.com', 'https://app.zoom.us'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // before compression: the tag is the JSON's own
  await app.register(etag);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  // files are read whole and checked by content in lib/uploads.ts; this is only the outer bound
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SchoolSuite API',
        version: '0.1.0',
        description: 'The school management API. Cookies carry the session; writes need the x-csrf-token header.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // app plugins
  await app.register(errors);
  await app.register(csrf);
  await app.register(authentication);
  await app.register(contracts);
  await app.register(authorization);
  await app.register(strings);

  // A write without a body is validated as an empty object, so callers get field messages.
  app.addHook('preValidation', async (request) => {
    if (request.body == null && ['POST', 'PUT', 'PATCH'].includes(request.method)) request.body = {};
  });

  // modules
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(bootstrapRoutes);
  await app.register(invitationRoutes);
  await app.register(organisationRoutes);
  await app.register(messagingRoutes);
  await app.register(academicSessionRoutes);
  await app.register(academicsRoutes);
  await app.register(promotionRoutes);
  await app.register(parentRoutes);
  await app.register(uploadRoutes);
  await app.register(timetableRoutes);
  await app.register(lessonNoteRoutes);
  await app.register(staffRoutes);
  await app.register(studentRoutes);
  await app.register(searchRoutes);
  await app.register(auditRoutes);
  await app.register(admissionRoutes);
  await app.register(financeRoutes);
  await app.register(feesRoutes);
  await app.register(paymentSettingsRoutes);
  await app.register(noticeboardRoutes);
  await app.register(cameraRoutes);
  await app.register(attendanceRoutes);
  await app.register(assignmentRoutes);
  await app.register(teacherCommentRoutes);
  await app.register(ratingRoutes);
  await app.register(resultPinRoutes);
  await app.register(reportCardRoutes);
  await app.register(resultRoutes);
  await app.register(referralRoutes);
  await app.register(reportRoutes);
  await app.register(dashboardRoutes);
  if (config.exposeOutbox) await app.register(devRoutes);

  const webRoot = opts.serveWeb !== false && config.webDist && fs.existsSync(path.join(config.webDist, 'index.html')) ? config.webDist : null;
  const indexFor = webRoot ? loadPageIndexes(webRoot) : null;
  if (webRoot) await serveWeb(app, webRoot);
  // History fallback: every non-API GET that is not a file answers the app's index.html, naming
  // the code of the page at that URL (lib/page-preloads.ts).
  app.setNotFoundHandler((request, reply) => {
    if (indexFor && request.method === 'GET' && !request.url.startsWith('/api/')) {
      const html = indexFor(request.url.split('?')[0], Boolean(request.cookies[SESSION_COOKIE]));
      return reply.type('text/html').header('cache-control', 'no-cache').send(html);
    }
    return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${request.url} not found` });
  });
  return app;
}

async function serveWeb(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      // the service worker and the install manifest (issue 21): asked again each time, so a new version reaches every browser at once
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (name === 'sw.js' || name === 'manifest.webmanifest') res.header('cache-control', 'no-cache');
      if (name === 'manifest.webmanifest') res.header('content-type', 'application/manifest+json; charset=utf-8');
    },
  });
}
