/** The noticeboard's constants, without zod: dashboards show notices and should not load the schemas. */

/** Who a notice is addressed to (DESIGN.md section 7). */
export const NOTICE_AUDIENCES = ['everyone', 'staff', 'students', 'parents', 'class'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  everyone: 'Everyone',
  staff: 'Staff',
  students: 'Students',
  parents: 'Parents',
  class: 'One class',
};

export const NOTICE_LIMITS = {
  titleMaxLength: 150,
  descriptionMaxLength: 5000,
  /** Notices on a dashboard card. */
  latestCount: 5,
  pageSize: 20,
} as const;
