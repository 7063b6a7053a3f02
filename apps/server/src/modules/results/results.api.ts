/**
 * What the results module offers other modules besides its service: which classes' results of some
 * terms are published (report cards and teacher comments show only those to families).
 */
export { publishedClassIds } from './results.repository';
