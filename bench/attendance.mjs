#!/usr/bin/env node
// Budget (DESIGN.md §8): on the large school, every list endpoint keeps at least 25% of a bare Fastify
// hello-world's throughput measured in the same run, and p95 < 50 ms, under 50 connections. Starts
// the server on the large-school database (run `node bench/large-school.mjs` first), signs in as a
// class teacher, an administrator and a student, then drives each attendance endpoint with autocannon,
// 50 connections for DURATION seconds (default 10) after a short warm-up, between two hello-world runs
// (bench/lib/load.mjs), and reports p50, p95, p99, requests per second and each rate's ratio to
// hello-world's. Exits 1 when an endpoint misses a budget.
//
// Usage: node bench/attendance.mjs     (DATABASE_URL as for bench/large-school.mjs; CLIENTS, DURATION, WARMUP, PORT)
import postgres from 'postgres';
import { databaseUrl as url, login, measureAll, startServer } from './lib/load.mjs';

const port = Number(process.env.PORT ?? 3391);

async function ids() {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`
      select c.id as class_id, t.id as term_id, st.id as student_id
      from classes c
      join academic_sessions s on s.id = c.academic_session_id and s.status = 'Active'
      join staff tch on tch.id = c.class_teacher_id and tch.email = 'teacher1@large.test'
      join terms t on t.academic_session_id = s.id and t.is_current
      join enrolments e on e.class_id = c.id
      join students st on st.id = e.student_id and st.last_name = '1'`;
    if (!row) throw new Error('no large school here: run node bench/large-school.mjs first');
    return row;
  } finally {
    await sql.end();
  }
}

const { class_id: classId, term_id: termId, student_id: studentId } = await ids();
const server = await startServer(port);
let ok = false;
try {
  const [teacher, admin, student] = [
    await login(server.base, 'teacher1@large.test'),
    await login(server.base, 'admin@large.test'),
    await login(server.base, 'student1@large.test'),
  ];
  ok = await measureAll(server.base, [
    // the floor: a signed-in request that reads nothing but the session
    ['auth/me', '/api/auth/me', teacher],
    ['register', `/api/attendance/register?classId=${classId}&date=2024-02-14`, teacher],
    ['rates', `/api/attendance/rates?termId=${termId}`, admin],
    ['calendar', `/api/students/${studentId}/attendance?month=2024-02`, student],
  ]);
} finally {
  server.stop();
}
process.exit(ok ? 0 : 1);
