import { loadModule, parseSync } from 'libpg-query';
import { PLACEMENT } from '../db/placement';

/**
 * Does a statement name its shard (ADR 0026)? On a distributed PostgreSQL every statement over a
 * school-group table must say which school (`school_id = $n`, `= ANY($n)`, `IN ($n, …)`, or equal to the
 * `school_id` of a table that does), every user-group table its account (`users.id`, `user_id`), every
 * other distributed table its key; an INSERT carries the key; and one statement never joins two groups
 * (reference tables join anything). The server's tests run every statement the app sends through this
 * (src/test/test-app.ts) and fail on the first one that breaks the rules.
 *
 * What it reads: the real PostgreSQL parser's tree (libpg-query). Conditions count when they are
 * conjuncts of a WHERE or a JOIN … ON (never inside OR or NOT); a derived table or CTE passes its
 * columns through, so `… from (select school_id … where school_id = $1) d join t on t.school_id = d.school_id`
 * names t's school. `school_id IN (select …)` does not: that is a fan-out to every shard, which
 * organisation-wide reports must do explicitly with the organisation's list of schools.
 */

type AstNode = Record<string, any>;

interface Relation {
  id: number;
  table: string;
  alias: string;
  /** a derived table or CTE: its output columns, each a node of the statement's equalities */
  columns?: Map<string, string>;
}

interface Scope {
  parent: Scope | null;
  relations: Relation[];
  ctes: Map<string, Map<string, string>>;
}

const BOUND = '#value';

export function placementKey(table: string): string | null {
  const placed = PLACEMENT[table];
  if (!placed || placed.group === 'reference') return null;
  return placed.key;
}

/** The colocation group a table's rows are spread by: the school group, the user group or the table alone. */
function colocation(table: string): string | null {
  const placed = PLACEMENT[table];
  if (!placed || placed.group === 'reference') return null;
  return placed.group === 'other' ? table : placed.group;
}

class Statement {
  private nextId = 0;
  private readonly union = new Map<string, string>();
  readonly relations: Relation[] = [];

  private find(x: string): string {
    let root = x;
    while (this.union.has(root) && this.union.get(root) !== root) root = this.union.get(root)!;
    this.union.set(x, root);
    return root;
  }

  private join(a: string, b: string) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.union.set(ra, rb);
  }

  bound(node: string): boolean {
    return this.find(node) === this.find(BOUND);
  }

  statement(node: AstNode, parent: Scope | null): Map<string, string> {
    const [kind, body] = Object.entries(node)[0] ?? [];
    switch (kind) {
      case 'SelectStmt':
        return this.select(body, parent);
      case 'InsertStmt':
        this.insert(body, parent);
        return new Map();
      case 'UpdateStmt':
      case 'DeleteStmt':
        this.modify(body, parent, kind === 'UpdateStmt' ? body.fromClause : body.usingClause);
        return new Map();
      default:
        return new Map();
    }
  }

  private scope(parent: Scope | null, withClause: AstNode | undefined): Scope {
    const scope: Scope = { parent, relations: [], ctes: new Map(parent?.ctes) };
    for (const cte of withClause?.ctes ?? []) {
      const { ctename, ctequery } = cte.CommonTableExpr;
      scope.ctes.set(ctename, this.statement(ctequery, scope));
    }
    return scope;
  }

  private relation(scope: Scope, table: string, alias: string, columns?: Map<string, string>): Relation {
    const relation: Relation = { id: this.nextId++, table, alias, columns };
    scope.relations.push(relation);
    if (!columns) this.relations.push(relation);
    return relation;
  }

  private select(s: AstNode, parent: Scope | null): Map<string, string> {
    if (s.op && s.op !== 'SETOP_NONE') {
      this.statement({ SelectStmt: s.larg }, parent);
      this.statement({ SelectStmt: s.rarg }, parent);
      return new Map();
    }
    const scope = this.scope(parent, s.withClause);
    const conditions: AstNode[] = [];
    for (const item of s.fromClause ?? []) this.from(item, scope, conditions);
    if (s.whereClause) conditions.push(s.whereClause);
    for (const condition of conditions) this.condition(condition, scope);
    for (const part of [s.targetList, s.whereClause, s.havingClause, s.valuesLists, s.groupClause, s.sortClause]) this.sublinks(part, scope);
    for (const condition of conditions) this.sublinks(condition, scope);
    const output = new Map<string, string>();
    for (const target of s.targetList ?? []) {
      const { name, val } = target.ResTarget ?? {};
      const column = this.column(val, scope);
      const fields: AstNode[] | undefined = unwrap(val)?.ColumnRef?.fields;
      const last = fields?.at(-1)?.String?.sval;
      const outputName = name ?? last;
      if (column && outputName) output.set(outputName, column);
    }
    return output;
  }

  private insert(s: AstNode, parent: Scope | null) {
    const scope = this.scope(parent, s.withClause);
    const target = this.rangeVar(s.relation, scope);
    if (s.selectStmt) {
      const select = s.selectStmt.SelectStmt;
      if (select?.valuesLists) this.sublinks(select.valuesLists, scope);
      else this.statement(s.selectStmt, scope);
    }
    if (!target) return;
    const columns = (s.cols ?? []).map((c: AstNode) => c.ResTarget?.name as string);
    const key = placementKey(target.table);
    if (key && columns.includes(key)) this.join(`${target.id}.${key}`, BOUND);
  }

  private modify(s: AstNode, parent: Scope | null, from: AstNode[] | undefined) {
    const scope = this.scope(parent, s.withClause);
    this.rangeVar(s.relation, scope);
    const conditions: AstNode[] = [];
    for (const item of from ?? []) this.from(item, scope, conditions);
    if (s.whereClause) conditions.push(s.whereClause);
    for (const condition of conditions) this.condition(condition, scope);
    for (const condition of conditions) this.sublinks(condition, scope);
    this.sublinks(s.targetList, scope);
  }

  private rangeVar(rv: AstNode, scope: Scope): Relation | null {
    const { relname, schemaname, alias } = rv;
    if (schemaname && schemaname !== 'public') return null;
    const name = alias?.aliasname ?? relname;
    const cte = schemaname ? undefined : scope.ctes.get(relname);
    if (cte) return this.relation(scope, relname, name, cte);
    return this.relation(scope, relname, name);
  }

  private from(item: AstNode, scope: Scope, conditions: AstNode[]) {
    if (item.RangeVar) this.rangeVar(item.RangeVar, scope);
    else if (item.JoinExpr) {
      const join = item.JoinExpr;
      this.from(join.larg, scope, conditions);
      this.from(join.rarg, scope, conditions);
      if (join.quals) conditions.push(join.quals);
    } else if (item.RangeSubselect) {
      const { subquery, alias } = item.RangeSubselect;
      const columns = this.statement(subquery, scope);
      if (alias?.aliasname) this.relation(scope, '(derived)', alias.aliasname, columns);
    } else if (item.RangeFunction) this.sublinks(item.RangeFunction, scope);
  }

  /** The equalities among a condition's conjuncts: column = column joins them, column = value binds it. */
  private condition(node: AstNode, scope: Scope) {
    const bool = node.BoolExpr;
    if (bool) {
      if (bool.boolop === 'AND_EXPR') for (const arg of bool.args) this.condition(arg, scope);
      return;
    }
    const expr = node.A_Expr;
    if (!expr) return;
    const op = expr.name?.[0]?.String?.sval;
    if (op !== '=') return;
    const left = this.column(expr.lexpr, scope);
    if (expr.kind === 'AEXPR_OP') {
      const right = this.column(expr.rexpr, scope);
      if (left && right) this.join(left, right);
      else if (left && isValue(expr.rexpr)) this.join(left, BOUND);
      else if (right && isValue(expr.lexpr)) this.join(right, BOUND);
    } else if (expr.kind === 'AEXPR_OP_ANY' && left && isValue(expr.rexpr)) {
      this.join(left, BOUND);
    } else if (expr.kind === 'AEXPR_IN' && left && Array.isArray(expr.rexpr?.List?.items) && expr.rexpr.List.items.every(isValue)) {
      this.join(left, BOUND);
    }
  }

  /** The equality node of a column reference: `<relation id>.<column>` (a derived table passes it through). */
  private column(node: AstNode | undefined, scope: Scope): string | null {
    const ref = unwrap(node)?.ColumnRef;
    if (!ref) return null;
    const names: string[] = ref.fields.map((f: AstNode) => f.String?.sval).filter(Boolean);
    if (names.length !== ref.fields.length) return null;
    const column = names.at(-1)!;
    const alias = names.length >= 2 ? names.at(-2)! : null;
    for (let s: Scope | null = scope; s; s = s.parent) {
      const candidates = alias ? s.relations.filter((r) => r.alias === alias) : s.relations.length === 1 ? s.relations : [];
      const relation = candidates.at(-1);
      if (!relation) {
        if (!alias && s.relations.length > 1) return null;
        continue;
      }
      if (relation.columns) return relation.columns.get(column) ?? null;
      return `${relation.id}.${column}`;
    }
    return null;
  }

  /** Sub-selects anywhere in an expression: each a scope under this one. */
  private sublinks(node: unknown, scope: Scope) {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) this.sublinks(item, scope);
      return;
    }
    const record = node as AstNode;
    if (record.SubLink) {
      this.sublinks(record.SubLink.testexpr, scope);
      this.statement(record.SubLink.subselect, scope);
      return;
    }
    for (const value of Object.values(record)) this.sublinks(value, scope);
  }
}

function unwrap(node: AstNode | undefined): AstNode | undefined {
  let n = node;
  while (n?.TypeCast) n = n.TypeCast.arg;
  return n;
}

function isValue(node: AstNode | undefined): boolean {
  const n = unwrap(node);
  if (!n) return false;
  if (n.ParamRef || n.A_Const) return true;
  if (n.A_ArrayExpr) return (n.A_ArrayExpr.elements ?? []).every(isValue);
  return false;
}

/**
 * Tables that are no table of the app's: PostgreSQL's catalogues, and scratch tables a statement makes for
 * itself, each with its reason.
 */
const NOT_THE_APPS: Record<string, string> = {
  seed_attendance_days: "the demo seed's temporary table of school days (src/db/seed/attendance.ts): on the coordinator only",
  test_staff_refs: 'a table staff.changes.test.ts makes to stand for a future table that points at staff',
};

/**
 * The fan-outs the product means to make, each with its reason: statements that name, instead of their
 * key, one of these columns go to every shard of their table on a sharded database, and are allowed.
 */
const FAN_OUT: Record<string, { columns: string[]; reason: string }> = {
  users: {
    columns: ['organisation_id', 'school_id'],
    reason:
      'the lists of an organisation’s or a school’s accounts (the super administrator’s users page, a school’s ' +
      'deactivation ending its accounts’ sessions): administrator-paced, one organisation’s rows on each shard',
  },
};

export type ProblemKind = 'school' | 'user' | 'other' | 'groups' | 'unplaced';
export interface ScopeProblem {
  /** which rule: a school-group table without its school, a user-group one without its account, … */
  kind: ProblemKind;
  text: string;
}

/** The rules a statement breaks; none for one that names its shard. */
export function scopeProblems(sql: string): ScopeProblem[] {
  const problems = new Map<string, ScopeProblem>();
  const add = (kind: ProblemKind, text: string) => problems.set(text, { kind, text });
  const parsed = parseSync(sql);
  for (const { stmt } of parsed.stmts ?? []) {
    if (!stmt) continue;
    const statement = new Statement();
    statement.statement(stmt as AstNode, null);
    const groups = new Map<string, string>();
    for (const relation of statement.relations) {
      if (relation.table.startsWith('pg_') || NOT_THE_APPS[relation.table]) continue;
      const placed = PLACEMENT[relation.table];
      if (!placed) {
        add('unplaced', `${relation.table} is not placed (src/db/placement.ts)`);
        continue;
      }
      const group = colocation(relation.table);
      if (group && !groups.has(group)) groups.set(group, relation.table);
      const key = placementKey(relation.table);
      const fannedOut = FAN_OUT[relation.table]?.columns.some((column) => statement.bound(`${relation.id}.${column}`));
      if (key && !statement.bound(`${relation.id}.${key}`) && !fannedOut) {
        add(placed.group as ProblemKind, `${relation.table}${relation.alias !== relation.table ? ` (as ${relation.alias})` : ''} without its ${key}`);
      }
    }
    if (groups.size > 1) add('groups', `joins ${[...groups.values()].join(' and ')}, which are spread by different keys`);
  }
  return [...problems.values()];
}

let loaded: Promise<void> | null = null;
/** The parser is WebAssembly: load it once before the first check. */
export function loadStatementParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

/** A checker with memory: each distinct statement is parsed once. */
export function statementChecker() {
  const seen = new Map<string, ScopeProblem[]>();
  return (sql: string): ScopeProblem[] => {
    let problems = seen.get(sql);
    if (!problems) {
      problems = scopeProblems(sql);
      seen.set(sql, problems);
    }
    return problems;
  };
}
