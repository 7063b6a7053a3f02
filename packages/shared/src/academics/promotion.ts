/**
 * End-of-session promotion (DESIGN.md section 3, issue 4): each class's students of one session with
 * their cumulative average and a proposed outcome from the school's pass mark; the administrator may
 * override any of them; the server then places every student in the next session in one transaction.
 */
import { z } from 'zod';
import { oneOf } from '../fields';
import { idField, optionalIdField } from './schemas';

export const PROMOTION_OUTCOMES = ['promote', 'repeat', 'graduate'] as const;
export type PromotionOutcome = (typeof PROMOTION_OUTCOMES)[number];

export const PROMOTION_OUTCOME_LABELS: Record<PromotionOutcome, string> = {
  promote: 'Promote',
  repeat: 'Repeat',
  graduate: 'Graduate',
};

export const FROM_SESSION_REQUIRED = 'Choose the session to promote from';
export const TO_SESSION_REQUIRED = 'Choose the session to promote into';
export const CHOOSE_OUTCOME = 'Choose promote, repeat or graduate';
export const TO_SESSION_NOT_LATER = 'Promote into a later session than the one you promote from';
export const GRADUATE_ONLY_FINAL = 'Only SSS 3 students can graduate';
export const PROMOTE_NOT_FINAL = 'SSS 3 students graduate or repeat; there is no class above SSS 3';

/** Most students one request may decide (a whole school is a few thousand). */
export const PROMOTION_MAX_DECISIONS = 10_000;

export const promotionQuerySchema = z.object({
  fromSessionId: idField(FROM_SESSION_REQUIRED),
  toSessionId: idField(TO_SESSION_REQUIRED),
  classId: optionalIdField('Choose a class'),
});
export type PromotionQuery = z.output<typeof promotionQuerySchema>;

export const promotionDecisionSchema = z.object({
  studentId: idField('Choose a student'),
  outcome: oneOf(PROMOTION_OUTCOMES, CHOOSE_OUTCOME),
});

/**
 * Run the promotion for one class (classId) or for every class of the session (classId null).
 * Students without a decision get their proposed outcome.
 */
export const promoteSchema = z.object({
  fromSessionId: idField(FROM_SESSION_REQUIRED),
  toSessionId: idField(TO_SESSION_REQUIRED),
  classId: optionalIdField('Choose a class'),
  decisions: z.array(promotionDecisionSchema).max(PROMOTION_MAX_DECISIONS).default([]),
});
export type PromoteInput = z.input<typeof promoteSchema>;
export type PromoteValues = z.output<typeof promoteSchema>;
