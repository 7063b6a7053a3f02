/**
 * Result-checker PINs (ADR 0013): a school's administrators generate and print them; a student or a
 * parent spends one to open the student's results of a term when the school asks for PINs. Staff
 * never need one.
 */
import { isFamily, SCHOOL_ADMINS } from './actors';
import { matrixRoute, record } from './policy';
import { inActorsSchool } from './records';

const office = { actors: SCHOOL_ADMINS };

/** A PIN batch of the actor's school. */
const batch = record('pin-batch', (db, ctx, id) => inActorsSchool(db, ctx, 'result_pin_batches', id), 'PIN batch not found');

export const resultPinsPolicy = {
  listBatches: matrixRoute('resultPins.listBatches', 'records', 'add', office),
  generateBatch: matrixRoute('resultPins.generateBatch', 'records', 'add', office),
  readBatch: matrixRoute('resultPins.readBatch', 'records', 'add', { ...office, params: { id: batch } }),
  /** Whoever reads results asks; staff are told they need no PIN. The student (query or body) is checked with `isOwnOrChild`. */
  readStatus: matrixRoute('resultPins.readStatus', 'records', 'view'),
  unlock: matrixRoute('resultPins.unlock', 'records', 'view'),
};

/** Whether the school's PIN requirement applies to this user: students and parents; staff never need a PIN. */
export const needsResultPin = (user: { role: string }) => isFamily(user);
