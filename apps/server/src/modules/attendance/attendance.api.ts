/**
 * What the attendance module offers other modules: term and day figures (./attendance.summary),
 * school-day arithmetic (./attendance.calendar) and per-class rates (the reports).
 */
export { currentTermMarks, dayAttendanceRate, daysPresent, markRate, registersNotMarked, termAttendanceSummary } from './attendance.summary';
export { termOfDate, todayIn, weekday } from './attendance.calendar';
export { classRates } from './attendance.reads.repository';
