/**
 * What the results module offers other modules besides its service: which classes' results of some
 * terms are published (report cards and teacher comments show only those to families).
 */
export { publishedClassIds } from './results.repository';
/** On the last term of a session: each term's totals, the annual average and position of a class (ADR 0034). */
export { classCumulativeResults } from './results.engine';
