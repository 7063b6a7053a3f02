import { academicSessionsQueryOptions } from '@/features/academic-sessions/api/get-academic-sessions';
import { noticeKeys } from '@/features/noticeboard/api/keys';
import { organisationKeys } from '@/features/organisations/api/keys';
import { onBootstrap } from '@/lib/bootstrap';

/**
 * Where each part of GET /api/bootstrap goes in the query cache (lib/bootstrap.ts): the top bar's
 * sessions, the menu's permissions and the Noticeboard's unread count are then known with the user,
 * without a request of their own. A part the user may not read (null) leaves its query alone.
 */
export function registerBootstrapSeeds() {
  onBootstrap((data, client) => {
    if (data.academicSessions) client.setQueryData(academicSessionsQueryOptions().queryKey, data.academicSessions);
    if (data.permissions) client.setQueryData(organisationKeys.myPermissions(), data.permissions);
    if (data.unreadNotices) client.setQueryData(noticeKeys.unread(), data.unreadNotices);
  });
}
