import type { ClassListResponse, SessionSettingsResponse, SubjectListResponse } from '@school/shared/academics/responses';

export const SCHOOL = { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000bb', name: 'Greenfield Academy' };
export const TEACHER_A = { id: '6f1c2f0e-2222-4a4a-9b9b-000000000001', name: 'Mrs. Funmi Adeyemi' };
export const TEACHER_B = { id: '6f1c2f0e-2222-4a4a-9b9b-000000000002', name: 'Mr. Tunde Bello' };
export const SESSION_REF = { id: '6f1c2f0e-3333-4a4a-9b9b-000000000024', name: '2023/24', status: 'Active' };

const term = (id: string, name: string, startDate: string, endDate: string, isCurrent = false) => ({ id, name, startDate, endDate, isCurrent });

export const sessionSettings: SessionSettingsResponse = {
  school: SCHOOL,
  schools: [SCHOOL],
  items: [
    {
      id: '6f1c2f0e-3333-4a4a-9b9b-000000000025',
      name: '2024/25',
      status: 'Pending',
      terms: [
        term('6f1c2f0e-4444-4a4a-9b9b-000000000251', 'First', '2024-09-09', '2024-12-13'),
        term('6f1c2f0e-4444-4a4a-9b9b-000000000252', 'Second', '2025-01-06', '2025-04-04'),
        term('6f1c2f0e-4444-4a4a-9b9b-000000000253', 'Third', '2025-04-28', '2025-07-25'),
      ],
    },
    {
      id: SESSION_REF.id,
      name: '2023/24',
      status: 'Active',
      terms: [
        term('6f1c2f0e-4444-4a4a-9b9b-000000000241', 'First', '2023-09-11', '2023-12-15'),
        term('6f1c2f0e-4444-4a4a-9b9b-000000000242', 'Second', '2024-01-08', '2024-04-05', true),
        term('6f1c2f0e-4444-4a4a-9b9b-000000000243', 'Third', '2024-04-29', '2024-07-26'),
      ],
    },
  ],
};

export const JSS1A = '6f1c2f0e-5555-4a4a-9b9b-000000000001';
export const JSS1B = '6f1c2f0e-5555-4a4a-9b9b-000000000002';
export const PRY4B = '6f1c2f0e-5555-4a4a-9b9b-000000000003';

export const classList: ClassListResponse = {
  session: SESSION_REF,
  items: [
    {
      id: PRY4B,
      level: 'Primary 4',
      arm: 'B',
      name: 'Primary 4 B',
      classTeacher: TEACHER_B,
      subjects: [],
      studentCount: 0,
    },
    {
      id: JSS1A,
      level: 'JSS 1',
      arm: 'A',
      name: 'JSS 1 A',
      classTeacher: TEACHER_A,
      subjects: [
        { id: 'cs-1', subjectId: 'sub-eng', name: 'English Language', code: 'ENG', teacher: TEACHER_A },
        { id: 'cs-2', subjectId: 'sub-mth', name: 'Mathematics', code: 'MTH', teacher: TEACHER_B },
      ],
      studentCount: 32,
    },
    { id: JSS1B, level: 'JSS 1', arm: 'B', name: 'JSS 1 B', classTeacher: null, subjects: [], studentCount: 30 },
  ],
};

export const PHYSICS = '6f1c2f0e-6666-4a4a-9b9b-000000000003';
export const subjectList: SubjectListResponse = {
  session: SESSION_REF,
  items: [
    {
      id: 'sub-mth',
      name: 'Mathematics',
      code: 'MTH',
      classes: [{ id: 'cs-2', classId: JSS1A, className: 'JSS 1 A', level: 'JSS 1', teacher: TEACHER_B }],
    },
    { id: PHYSICS, name: 'Physics', code: 'PHY', classes: [] },
  ],
};

export const teachers = { items: [TEACHER_A, TEACHER_B] };
export const csrf = { 'GET /api/auth/csrf': { status: 200, body: { token: 't' } } };
