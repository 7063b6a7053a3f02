/** What the finance module offers other modules: a term's fee figures and students' balances (dashboards, reports). */
export { feesSummary, studentBalances } from './finance.repository';
