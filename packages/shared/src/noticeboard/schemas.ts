import { z } from 'zod';
import { oneOf, optionalString, requiredDateField, requiredString, UUID } from '../fields';
import { NOTICE_AUDIENCES, NOTICE_LIMITS } from './constants';

// the constants live apart from the schemas, so that screens showing notices do not load zod
export * from './constants';

/** The super administrator's choice "every school of the organisation". */
export const ALL_SCHOOLS = 'all';

export const TITLE_REQUIRED = 'Title is Required';
export const TITLE_TOO_LONG = `Title must be at most ${NOTICE_LIMITS.titleMaxLength} characters`;
export const DESCRIPTION_REQUIRED = 'description is required';
export const DESCRIPTION_TOO_LONG = `Description must be at most ${NOTICE_LIMITS.descriptionMaxLength} characters`;
export const DATE_REQUIRED = 'Date is required';
export const DATE_INVALID = 'Invalid date';
export const AUDIENCE_REQUIRED = 'Please choose who the notice is for';
export const CLASS_REQUIRED = 'Please Select a Class';
export const SCHOOL_REQUIRED = 'Please choose a school';
export const CLASS_NEEDS_ONE_SCHOOL = 'Choose one school to address a class';

/**
 * Post or edit a notice. `schoolId` is only read for the super administrator (one school's id or
 * 'all'); an administrator always posts to their own school. `classId` is required for 'class'.
 */
export const noticeSchema = z
  .object({
    title: requiredString(TITLE_REQUIRED).max(NOTICE_LIMITS.titleMaxLength, { error: TITLE_TOO_LONG }),
    description: requiredString(DESCRIPTION_REQUIRED).max(NOTICE_LIMITS.descriptionMaxLength, { error: DESCRIPTION_TOO_LONG }),
    date: requiredDateField(DATE_REQUIRED, DATE_INVALID),
    audience: oneOf(NOTICE_AUDIENCES, AUDIENCE_REQUIRED),
    classId: optionalString(),
    schoolId: optionalString(),
    pinned: z.boolean().optional().default(false),
    /** Also send it as SMS to the phones of its audience (issue 20): once per notice and phone. */
    sendSms: z.boolean().optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.schoolId !== undefined && value.schoolId !== ALL_SCHOOLS && !UUID.test(value.schoolId)) {
      ctx.addIssue({ code: 'custom', path: ['schoolId'], message: SCHOOL_REQUIRED, input: value.schoolId });
    }
    if (value.audience === 'class') {
      if (value.schoolId === ALL_SCHOOLS) {
        ctx.addIssue({ code: 'custom', path: ['classId'], message: CLASS_NEEDS_ONE_SCHOOL, input: value.classId });
      } else if (!value.classId || !UUID.test(value.classId)) {
        ctx.addIssue({ code: 'custom', path: ['classId'], message: CLASS_REQUIRED, input: value.classId });
      }
    }
  })
  .transform((value) => ({ ...value, classId: value.audience === 'class' ? value.classId : undefined }));
export type NoticeInput = z.input<typeof noticeSchema>;
export type NoticeValues = z.output<typeof noticeSchema>;

/** Pin or unpin, publish or unpublish. */
export const noticeFlagsSchema = z
  .object({ pinned: z.boolean().optional(), published: z.boolean().optional() })
  .refine((value) => value.pinned !== undefined || value.published !== undefined, { error: 'Nothing to change' });
export type NoticeFlags = z.infer<typeof noticeFlagsSchema>;

export const noticeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTICE_LIMITS.pageSize),
});
export type NoticeListQuery = z.input<typeof noticeListQuerySchema>;

export const manageNoticeQuerySchema = noticeListQuerySchema.extend({
  /** Super administrator: one school's notices (default all of the organisation's). */
  schoolId: z.string().regex(UUID, { error: SCHOOL_REQUIRED }).optional(),
});
export type ManageNoticeQuery = z.input<typeof manageNoticeQuerySchema>;
