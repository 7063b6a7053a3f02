import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSION_MATRIX } from '../auth/permissions';
import { validate } from '../validation';
import {
  addSchoolSchema,
  existingAdministratorSchema,
  listUsersQuerySchema,
  LOCKED_GRANTS_MESSAGE,
  newAdministratorSchema,
  newRoleSchema,
  organisationUserSchema,
  securitySettingsSchema,
  updatePermissionsSchema,
  updateProfileSchema,
} from './schemas';

const school = {
  name: 'Greenfield College',
  address: '4 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  email: 'college@greenfield.test',
  phone: '0803 123 4567',
  schoolType: 'Secondary',
};

describe('addSchoolSchema', () => {
  it('accepts a school and tidies the phone number', () => {
    expect(validate(addSchoolSchema, school)).toEqual({ success: true, data: { ...school, phone: '08031234567' } });
  });

  it('gives the spec’s message for every missing field', () => {
    expect(validate(addSchoolSchema, {})).toEqual({
      success: false,
      errors: {
        name: 'School name is required',
        address: 'School address is required',
        city: 'City is required',
        state: 'State is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        schoolType: 'School type is required',
      },
    });
  });

  it('refuses a state or school type outside the lists', () => {
    expect(validate(addSchoolSchema, { ...school, state: 'Texas', schoolType: 'Boarding' })).toEqual({
      success: false,
      errors: { state: 'State is required', schoolType: 'School type is required' },
    });
  });
});

describe('administrator schemas', () => {
  it('asks for the new administrator’s name and email', () => {
    expect(validate(newAdministratorSchema, { name: ' ', email: 'x' })).toEqual({
      success: false,
      errors: { name: 'Name is required', email: 'Invalid email address' },
    });
  });

  it('asks which teacher to appoint', () => {
    expect(validate(existingAdministratorSchema, {})).toEqual({ success: false, errors: { userId: 'Choose a teacher of this school' } });
  });
});

describe('organisationUserSchema', () => {
  const user = {
    name: 'Tunde Bakare',
    email: 'tunde@example.test',
    phone: '08031234567',
    userType: 'teacher',
    gender: 'Male',
    dob: '1990-04-02',
    address: '1 Broad Street',
    contactPerson: 'Kemi Bakare',
    relationship: 'sister',
    institution: 'University of Lagos',
    institutionAddress: 'Akoka, Yaba',
    attendedClasses: 'B.Ed',
    lastAttendedEducation: 'University',
    class: 'JSS 1',
    originState: 'Ogun',
    schoolType: 'Secondary',
    schoolId: 'f1d5a1a2-0000-4000-8000-000000000001',
  };

  it('accepts the create-user fields with a role and a school', () => {
    const result = validate(organisationUserSchema, user);
    expect(result.success).toBe(true);
    if (result.success) expect(result.data).toMatchObject({ userType: 'teacher', gender: 'male', dob: '1990-04-02' });
  });

  it('asks for the school with the other messages, except for a super administrator', () => {
    const result = validate(organisationUserSchema, { name: 'Tunde' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.errors).toMatchObject({
        email: 'Email is required',
        userType: 'User type is required',
        dob: 'Date of Birth is required',
        schoolId: 'School is required',
      });
    }
    expect(validate(organisationUserSchema, { ...user, schoolId: '' })).toEqual({ success: false, errors: { schoolId: 'School is required' } });
    // with every field empty (as a blank form sends it) the school's message comes with the rest
    const blank = validate(organisationUserSchema, Object.fromEntries(Object.keys(user).map((key) => [key, ''])));
    expect(blank.success).toBe(false);
    if (!blank.success) expect(Object.keys(blank.errors)).toHaveLength(17);
    expect(validate(organisationUserSchema, { ...user, userType: 'super_admin', schoolId: '' }).success).toBe(true);
  });

  it('refuses a user type that is not a role and a code that is not a number', () => {
    expect(validate(organisationUserSchema, { ...user, userType: 'Gateman', code: 'abc' })).toEqual({
      success: false,
      errors: { userType: 'User type is required', code: 'Code must be a number' },
    });
  });
});

describe('listUsersQuerySchema', () => {
  it('reads page, page size, role and search from the query string', () => {
    expect(listUsersQuerySchema.parse({ page: '3', pageSize: '20', role: 'teacher', search: ' ada ' })).toEqual({
      page: 3,
      pageSize: 20,
      role: 'teacher',
      search: 'ada',
      schoolId: undefined,
    });
    expect(listUsersQuerySchema.parse({ role: '' })).toMatchObject({ page: 1, pageSize: 10, role: undefined });
  });

  it('refuses a page size the table does not offer', () => {
    expect(validate(listUsersQuerySchema, { pageSize: '1000' })).toEqual({
      success: false,
      errors: { pageSize: 'Page size must be one of 10, 15, 20, 25, 30' },
    });
  });
});

describe('updatePermissionsSchema', () => {
  it('accepts the default matrix', () => {
    expect(validate(updatePermissionsSchema, { matrix: DEFAULT_PERMISSION_MATRIX }).success).toBe(true);
  });

  it('keeps Super Admin’s Permissions view and edit', () => {
    const matrix: typeof DEFAULT_PERMISSION_MATRIX = JSON.parse(JSON.stringify(DEFAULT_PERMISSION_MATRIX));
    matrix.super_admin.permissions.edit = false;
    expect(validate(updatePermissionsSchema, { matrix })).toEqual({
      success: false,
      errors: { 'matrix.super_admin.permissions.edit': LOCKED_GRANTS_MESSAGE },
    });
  });

  it('needs every cell to be on or off', () => {
    const matrix = JSON.parse(JSON.stringify(DEFAULT_PERMISSION_MATRIX)) as any;
    matrix.teacher.students.view = 'yes';
    expect(validate(updatePermissionsSchema, { matrix })).toEqual({
      success: false,
      errors: { 'matrix.teacher.students.view': 'Each permission must be on or off' },
    });
  });
});

describe('newRoleSchema', () => {
  it('says the role name is required', () => {
    expect(validate(newRoleSchema, { name: '  ', basedOn: 'teacher' })).toEqual({ success: false, errors: { name: 'Role name is required' } });
  });

  it('asks which role it is based on', () => {
    expect(validate(newRoleSchema, { name: 'Bursar' })).toEqual({ success: false, errors: { basedOn: 'Choose the role it is based on' } });
  });
});

describe('securitySettingsSchema', () => {
  it('accepts numbers typed in the form', () => {
    expect(validate(securitySettingsSchema, { passwordMinLength: '10', sessionIdleMinutes: 30, maxLoginAttempts: ' 5 ' })).toEqual({
      success: true,
      data: { passwordMinLength: 10, sessionIdleMinutes: 30, maxLoginAttempts: 5 },
    });
  });

  it('says which value is out of range or missing', () => {
    expect(validate(securitySettingsSchema, { passwordMinLength: 7, sessionIdleMinutes: '1441', maxLoginAttempts: '' })).toEqual({
      success: false,
      errors: {
        passwordMinLength: 'Password minimum length must be a whole number from 8 to 64',
        sessionIdleMinutes: 'Session idle timeout must be a whole number from 5 to 1440',
        maxLoginAttempts: 'Sign-in attempts is required',
      },
    });
    expect(validate(securitySettingsSchema, { passwordMinLength: 8.5, sessionIdleMinutes: 'ten', maxLoginAttempts: 21 })).toEqual({
      success: false,
      errors: {
        passwordMinLength: 'Password minimum length must be a whole number from 8 to 64',
        sessionIdleMinutes: 'Session idle timeout must be a whole number from 5 to 1440',
        maxLoginAttempts: 'Sign-in attempts must be a whole number from 3 to 20',
      },
    });
  });
});

describe('updateProfileSchema', () => {
  it('takes an empty phone as none and checks a given one', () => {
    expect(validate(updateProfileSchema, { name: 'Ada', email: 'ada@x.test', phone: '' })).toEqual({
      success: true,
      data: { name: 'Ada', email: 'ada@x.test', phone: undefined, currentPassword: undefined },
    });
    expect(validate(updateProfileSchema, { name: '', email: '', phone: '12' })).toEqual({
      success: false,
      errors: { name: 'Name is required', email: 'Email is required', phone: 'Invalid phone number' },
    });
  });
});
