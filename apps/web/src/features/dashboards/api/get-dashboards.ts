import type { AdminDashboard, ParentDashboard, StudentDashboard, TeacherDashboard } from '@school/shared/dashboards/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dashboardKeys = {
  all: ['dashboards'] as const,
  admin: () => [...dashboardKeys.all, 'admin'] as const,
  teacher: () => [...dashboardKeys.all, 'teacher'] as const,
  student: (id: string) => [...dashboardKeys.all, 'student', id] as const,
  parent: () => [...dashboardKeys.all, 'parent'] as const,
};

export const getAdminDashboard = () => api.get<AdminDashboard>('/api/dashboard/admin');
export const getTeacherDashboard = () => api.get<TeacherDashboard>('/api/dashboard/teacher');
export const getStudentDashboard = (id: string) => api.get<StudentDashboard>(`/api/dashboard/students/${encodeURIComponent(id)}`);
export const getParentDashboard = () => api.get<ParentDashboard>('/api/dashboard/parent');

export const adminDashboardQueryOptions = () => queryOptions({ queryKey: dashboardKeys.admin(), queryFn: getAdminDashboard });
export const teacherDashboardQueryOptions = () => queryOptions({ queryKey: dashboardKeys.teacher(), queryFn: getTeacherDashboard });
export const studentDashboardQueryOptions = (id: string) => queryOptions({ queryKey: dashboardKeys.student(id), queryFn: () => getStudentDashboard(id) });
export const parentDashboardQueryOptions = () => queryOptions({ queryKey: dashboardKeys.parent(), queryFn: getParentDashboard });

export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions());
export const useTeacherDashboard = () => useQuery(teacherDashboardQueryOptions());
export const useStudentDashboard = (id: string) => useQuery({ ...studentDashboardQueryOptions(id), enabled: Boolean(id) });
export const useParentDashboard = () => useQuery(parentDashboardQueryOptions());
