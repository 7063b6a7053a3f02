/**
 * Reports. The school reports are a school's administrators' (their own school) and the owners'
 * (one school of their organisation, named with `schoolId`); the organisation reports compare the
 * organisation's schools side by side for its owners, and show an administrator their own school
 * only. Which school a query may name is decided in the reports service with `isOwner`.
 */
import { ADMINISTRATORS } from './actors';
import { matrixRoute } from './policy';

const administrators = { actors: ADMINISTRATORS };

export const reportsPolicy = {
  schoolStudents: matrixRoute('reports.schoolStudents', 'reports', 'view', administrators),
  schoolStaff: matrixRoute('reports.schoolStaff', 'reports', 'view', administrators),
  schoolFinancial: matrixRoute('reports.schoolFinancial', 'reports', 'view', administrators),
  schoolAcademic: matrixRoute('reports.schoolAcademic', 'reports', 'view', administrators),
  organisationOptions: matrixRoute('reports.organisationOptions', 'reports', 'view', administrators),
  organisationStudents: matrixRoute('reports.organisationStudents', 'reports', 'view', administrators),
  organisationStaff: matrixRoute('reports.organisationStaff', 'reports', 'view', administrators),
  organisationUsers: matrixRoute('reports.organisationUsers', 'reports', 'view', administrators),
  organisationFinancial: matrixRoute('reports.organisationFinancial', 'reports', 'view', administrators),
};
