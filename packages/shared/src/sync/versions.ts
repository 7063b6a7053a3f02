/**
 * Saves that know what they replace (issue 21): a register and a score sheet carry the server's
 * `version`, and a save may name the version it was made from (`baseVersion`). When someone saved in
 * between, the server refuses with 409 and its current state, so nobody's work is overwritten
 * unseen: the teacher compares and chooses.
 */
import { z } from 'zod';

/** Longest version the server hands out (a count and a microsecond time). */
export const MAX_VERSION_LENGTH = 64;

/**
 * The version a save was made from: as the read answered it (`null` for a register not taken yet).
 * Left out, the save replaces whatever is there (as before versions).
 */
export const baseVersionField = z.string().max(MAX_VERSION_LENGTH, { error: 'Unknown version' }).nullable().optional();
