/**
 * What the organisation routes, the operator CLI and other modules import: the organisation's
 * services, each area in its own file.
 */
export {
  ADMINISTRATOR_NOT_FOUND,
  CANNOT_DEACTIVATE_SELF,
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  DEFAULT_OWNER_NAME,
  ONLY_TEACHERS_BECOME_ADMINISTRATORS,
  ORGANISATION_LEVEL_ONLY,
  ROLE_NAME_TAKEN,
  ROLE_NOT_FOUND,
  SCHOOL_NOT_FOUND,
  scopeOf,
  TOO_MANY_REGISTRATIONS,
  USER_NOT_FOUND,
} from './organisations.common';
export * from './organisations.registration';
export * from './organisations.schools';
export * from './organisations.logo';
export * from './organisations.users';
export * from './organisations.permissions';
export * from './organisations.settings';
export * from './organisations.profile';
export * from './organisations.operator';
