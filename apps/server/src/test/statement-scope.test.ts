import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENT } from '../db/placement';
import * as schema from '../db/schema';
import { loadStatementParser, scopeProblems } from './statement-scope';

beforeAll(loadStatementParser);

const problems = (sql: string) => scopeProblems(sql).map((p) => `${p.kind}: ${p.text}`);

describe('the statement-scope check (ADR 0026)', () => {
  it('places every table of the schema once, and nothing else', () => {
    const tables = Object.values(schema)
      .filter((t) => is(t, PgTable))
      .map((t) => getTableName(t as PgTable))
      .sort();
    expect(Object.keys(PLACEMENT).sort()).toEqual(tables);
  });

  it('passes a statement whose school-group tables name their school', () => {
    expect(problems(`select "students"."id" from "students" where "students"."school_id" = $1 and "students"."id" = $2`)).toEqual([]);
    expect(problems(`select s.id from students s join classes c on c.school_id = s.school_id and c.id = s.class_id where s.school_id = any($1)`)).toEqual([]);
    expect(problems(`select * from scores where school_id in ($1, $2) and term_id = $3`)).toEqual([]);
    expect(problems(`delete from scores where school_id = $1::uuid and id = any($2::uuid[])`)).toEqual([]);
    expect(problems(`insert into "scores" ("id", "school_id", "score") values (default, $1, $2)`)).toEqual([]);
    expect(problems(`select * from schools join organisations o on o.id = schools.organisation_id where schools.id = $1`)).toEqual([]);
    expect(problems(`select 1`)).toEqual([]);
  });

  it('finds a school-group table read, changed or joined without its school', () => {
    expect(problems(`select * from students where id = $1`)).toEqual(['school: students without its school_id']);
    expect(problems(`update scores set score = 1 where id = $1`)).toEqual(['school: scores without its school_id']);
    expect(problems(`delete from "staff"`)).toEqual(['school: staff without its school_id']);
    expect(problems(`insert into scores (id, score) values ($1, $2)`)).toEqual(['school: scores without its school_id']);
    expect(problems(`select s.id from students s join classes c on c.id = s.class_id where s.school_id = $1`)).toEqual([
      'school: classes (as c) without its school_id',
    ]);
  });

  it('holds the audit trail and the outbox to their school, and the organisation’s own rows to the organisation', () => {
    expect(problems(`delete from "audit_log"`)).toEqual(['school: audit_log without its school_id']);
    expect(problems(`select * from organisation_outbox order by created_at desc`)).toEqual(['other: organisation_outbox without its organisation_id']);
    expect(problems(`select * from organisation_audit_log where organisation_id = $1`)).toEqual([]);
  });

  it('counts only conjuncts: a school named inside OR names none', () => {
    expect(problems(`select * from notices where school_id = $1 or published`)).toEqual(['school: notices without its school_id']);
    expect(problems(`select * from notices where not (school_id = $1)`)).toEqual(['school: notices without its school_id']);
  });

  it('follows sub-selects, lateral joins, derived tables and CTEs', () => {
    expect(problems(`select * from students s where s.school_id = $1 and exists (select 1 from enrolments e where e.student_id = s.id)`)).toEqual([
      'school: enrolments (as e) without its school_id',
    ]);
    expect(
      problems(
        `select * from students s where s.school_id = $1 and exists (select 1 from enrolments e where e.school_id = s.school_id and e.student_id = s.id)`,
      ),
    ).toEqual([]);
    expect(
      problems(
        `select "students"."id", "g"."data" from "students" left join lateral (select json_agg(sg.guardian_id) as data from student_guardians sg where sg.student_id = students.id) g on true where students.school_id = $1`,
      ),
    ).toEqual(['school: student_guardians (as sg) without its school_id']);
    expect(problems(`with d as (select school_id, id from terms where school_id = $1) select * from d join classes c on c.school_id = d.school_id`)).toEqual(
      [],
    );
    expect(problems(`select * from (select school_id from terms where school_id = $1) d join classes c on c.school_id = d.school_id`)).toEqual([]);
  });

  it('takes a list of the organisation’s schools, not a sub-select over them (a fan-out to every shard)', () => {
    expect(problems(`select * from students where school_id in (select id from schools where organisation_id = $1)`)).toEqual([
      'school: students without its school_id',
    ]);
  });

  it('holds the user group and the tables spread by another key to their own keys', () => {
    expect(problems(`select * from auth_sessions where token_hash = $1`)).toEqual(['user: auth_sessions without its user_id']);
    expect(problems(`select * from users where id = $1`)).toEqual([]);
    expect(problems(`select * from users where lower(email) = $1`)).toEqual(['user: users without its id']);
    expect(problems(`select * from user_emails where email = $1`)).toEqual([]);
    // the fan-outs meant: an organisation's or a school's accounts
    expect(problems(`select * from users where organisation_id = $1 order by name`)).toEqual([]);
    expect(problems(`delete from camera_clips where id = $1`)).toEqual(['other: camera_clips without its camera_id']);
    expect(problems(`select * from rate_limits where key = $1`)).toEqual([]);
  });

  it('finds one statement joining tables spread by different keys', () => {
    expect(problems(`select * from staff s join users u on u.id = s.user_id where s.school_id = $1 and u.id = $2`)).toEqual([
      'groups: joins staff and users, which are spread by different keys',
    ]);
  });

  it('names a table that has no place', () => {
    expect(problems(`select * from timetables where school_id = $1`)).toEqual(['unplaced: timetables is not placed (src/db/placement.ts)']);
    expect(problems(`select relname from pg_class`)).toEqual([]);
  });
});
