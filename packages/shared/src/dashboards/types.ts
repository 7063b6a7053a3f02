/** The dashboards' constants; what they answer is in responses.ts. */

/** `?date=` of a dashboard: the day it is about (the school's today when absent). */
export const DASHBOARD_DATE_MESSAGE = 'Please enter a valid date';
export const DASHBOARD_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** How many recent applications the admin dashboard lists. */
export const RECENT_APPLICATIONS = 5;
