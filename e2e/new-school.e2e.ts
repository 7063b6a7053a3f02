import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage } from './support/browser';
import { eventually, visible } from './support/expect';
import { pdfPageCount, pdfStrings } from './support/pdf';
import { cookiesOnly, type StorageState } from './support/session';
import { WriteCounter } from './support/writes';

/*
 * Issue 19's measure: a brand-new school set up through the bulk paths, from sign-up to the printed
 * report cards of an imported class of 30 in a 2-class, 8-subject school, all in the browser. The owner
 * signs up, runs the school as its administrator (ADR 0038) and follows the set-up checklist: the
 * session with its terms, JSS 1 A and B in one form, 8 JSS subjects from the catalogue taught in both
 * at once, staff and 30 students from CSV files, every subject's teacher in both classes from one more
 * CSV, every subject's scores of a class from one spreadsheet, the term's results published, the
 * class's report cards printed as one PDF, naming each subject's teacher. It counts
 * what the clicks send to the server (support/writes.ts: every POST, PUT, PATCH or DELETE to /api/
 * but /api/auth/csrf, previews included) and prints it by step; under 20 in all. Everything happens
 * in a new organisation named for the run, so the shared server's other journeys see nothing of it.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SCHOOL = `Unity Grammar School ${run}`;
const OWNER = { name: 'Folake Adebayo', email: `owner-${run}@new-school.test`, password: `Owner-pass-${run}` };
const SESSION = '2026/27';
const CLASSES = ['JSS 1 A', 'JSS 1 B'];
const SUBJECTS = [
  ['English Language', 'ENG'],
  ['Mathematics', 'MTH'],
  ['Basic Science', 'BSC'],
  ['Basic Technology', 'BTE'],
  ['Social Studies', 'SOS'],
  ['Civic Education', 'CVE'],
  ['Business Studies', 'BUS'],
  ['Computer Studies', 'CMP'],
] as const;
/** The staff CSV's teachers (its ninth row is a gateman); the nth teaches the nth subject in JSS 1 A and the one after it in JSS 1 B. */
const TEACHERS = ['Ngozi Okonkwo', 'Yusuf Danladi', 'Bisi Adekunle', 'Emeka Nwachukwu', 'Hauwa Idris', 'Tunde Bakare', 'Ifeoma Agu', 'Sola Martins'];
const teacherEmail = (i: number) => `teacher${i + 1}-${run}@new-school.test`;
const teacherOf = (classIndex: number, subjectIndex: number) => (subjectIndex + classIndex) % TEACHERS.length;
const STUDENTS = [
  'Adaeze Okafor',
  'Babatunde Adeyemi',
  'Chiamaka Nwosu',
  'Danjuma Musa',
  'Ebere Eze',
  'Fatima Bello',
  'Gbenga Ogunleye',
  'Halima Sani',
  'Ifeanyi Obi',
  'Jumoke Alabi',
  'Kelechi Nnamdi',
  'Lami Yusuf',
  'Mayowa Ojo',
  'Nkechi Uche',
  'Olumide Bakare',
  'Precious Etim',
  'Quadri Lawal',
  'Rukayat Salami',
  'Segun Akinola',
  'Temitope Oni',
  'Uchenna Okeke',
  'Victoria Essien',
  'Wale Adewale',
  'Yetunde Ajayi',
  'Zainab Garba',
  'Amaka Chukwu',
  'Bashir Abdullahi',
  'Chidinma Orji',
  'Dayo Fashola',
  'Emeka Anyanwu',
];
/** The report cards' PDF: one page per student of the class. */
const CLASS_SIZE = STUDENTS.length / CLASSES.length;
/** Imports, publishing and PDFs on a slow 2-core machine. */
const SERVER_WORK = 120_000;
/** A step's own time limit: room for two waits on the server. */
const STEP_TIMEOUT = 300_000;
/** Steps 1 to 6 are the way from sign-up to the printed report cards; 7 ticks the checklist's last boxes. */
const TO_REPORT_CARDS = [
  '1 sign-up',
  '2 run this school',
  '3a session and terms',
  '3b classes',
  '3c subjects',
  '3d staff import',
  '3e student import',
  '3f subject teachers import',
  '4 scores',
  '5 publish',
  '6 report cards',
];

let browser: Browser;
/** The owner's sign-in cookies, handed from step to step (the session runs the school once asked to). */
let owner: StorageState | undefined;
const writes = new WriteCounter();
/** The scores uploaded, by student (as the template names them) and column ("ENG Test 1"). */
const uploaded = new Map<string, Record<string, string>>();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first step that failed: each step needs the ones before it, so the later ones stop at once. */
let failed: string | null = null;

/** A step of the journey: a new page signed in as the owner, its writes counted under `name`. */
async function step(name: string, fn: (page: Page) => Promise<void>) {
  if (failed) throw new Error(`not run: step ${failed} failed`);
  try {
    await withPage(browser, owner, async (page) => {
      writes.watch(page.context(), name);
      await fn(page);
      owner = cookiesOnly(await page.context().storageState());
    });
  } catch (error) {
    failed = name;
    throw error;
  }
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A CSV under `header` (the template's own), each row's cells by column name; a column it lacks is left blank. */
function csv(header: string[], rows: Array<Record<string, string | number>>): string {
  return [header.join(','), ...rows.map((row) => header.map((column) => cell(String(row[column] ?? ''))).join(','))].join('\r\n') + '\r\n';
}

/** The header row of the template an import screen offers (its "Download the template (CSV)" link holds the file). */
async function templateHeader(page: Page): Promise<string[]> {
  const href = (await page.getByRole('link', { name: 'Download the template (CSV)' }).getAttribute('href'))!;
  const text = decodeURIComponent(href.slice(href.indexOf(',') + 1));
  return text.split(/\r?\n/)[0].split(',');
}

const checklist = (page: Page) => page.getByRole('list', { name: 'Set-up steps' });
const checklistItem = (page: Page, label: string): Locator =>
  checklist(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: label, exact: true }) });

/** The administrator's dashboard: its checklist says `done` of 9, and the step `label` is still to do; opens its screen. */
async function openStep(page: Page, label: string, done: number) {
  await page.goto('/admin/dashboard');
  await visible(page.getByRole('heading', { name: 'Set up your school' }));
  await visible(page.getByText(`${done} of 9 steps done`));
  await eventually(() => checklistItem(page, label).textContent()).toContain('(to do)');
  await checklistItem(page, label).getByRole('link', { name: label, exact: true }).click();
}

/** Chooses the CSV on an import screen (its input "CSV file", or "CSV or Excel file" where it reads a workbook too), previews it (every row correct), then imports it. */
async function importCsv(page: Page, fileName: string, body: string, count: string) {
  await page.getByLabel(/^CSV (or Excel )?file$/).setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(body) });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByText(`Preview: ${count} would be imported. Every row is correct.`).waitFor({ timeout: SERVER_WORK });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText(`${count} imported.`, { exact: true }).waitFor({ timeout: SERVER_WORK });
}

/** Records › Results, the administrator's broadsheets and score entry, with the current term chosen. */
async function openResults(page: Page) {
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Records' }).click();
  await page.getByRole('link', { name: /^Results Broadsheets/ }).click();
  const filters = await visible(page.getByRole('form', { name: 'Choose the results' }));
  await eventually(() => filters.getByLabel('Term').inputValue()).not.toBe('');
}

async function showBroadsheet(page: Page, className: string) {
  const filters = page.getByRole('form', { name: 'Choose the results' });
  await filters.getByLabel('Class').selectOption({ label: className });
  await filters.getByRole('button', { name: 'Show broadsheet' }).click();
  await page.getByRole('region', { name: `Broadsheet of ${className}, First term` }).waitFor({ timeout: SERVER_WORK });
}

/** A CSV's rows of cells (quoted cells, a leading byte-order mark). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (line === '') continue;
    rows.push([...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map(([, v]) => (v.startsWith('"') ? v.slice(1, -1).replaceAll('""', '"') : v)));
  }
  return rows;
}

const toCsv = (rows: string[][]) => rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

/** A score under the default maxima (Test 1 and 2 of 15, Assignment of 10, Exam of 60), varied by student and column. */
function scoreFor(column: string, student: number, col: number): number {
  if (column.endsWith('Test 1') || column.endsWith('Test 2')) return 6 + ((student * 3 + col) % 10);
  if (column.endsWith('Assignment')) return 4 + ((student + col) % 7);
  if (column.endsWith('Exam')) return 22 + ((student * 7 + col * 5) % 39);
  throw new Error(`an unexpected column in the template: ${column}`);
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: SERVER_WORK }), click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

describe('a new school through the bulk paths, from sign-up to printed report cards', { timeout: STEP_TIMEOUT }, () => {
  it('1. signs up at /auth/school-register and lands on the owner’s dashboard', () =>
    step('1 sign-up', async (page) => {
      await page.goto('/auth/school-register');
      await visible(page.getByRole('heading', { level: 1, name: 'Register your school' }));
      await page.getByLabel('School name', { exact: true }).fill(SCHOOL);
      await page.getByLabel('School address', { exact: true }).fill('3 Unity Road');
      await page.getByLabel('City', { exact: true }).fill('Ilorin');
      await page.getByLabel('State', { exact: true }).selectOption('Kwara');
      await page.getByLabel('School email', { exact: true }).fill(`office-${run}@new-school.test`);
      await page.getByLabel('Phone number', { exact: true }).fill('0803 555 0101');
      await page.getByLabel('School type', { exact: true }).selectOption('Secondary');
      await page.getByLabel('Your name (optional)', { exact: true }).fill(OWNER.name);
      await page.getByLabel('Super admin email', { exact: true }).fill(OWNER.email);
      await page.getByLabel('Super admin password', { exact: true }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Register school' }).click();
      await page.waitForURL((url) => url.pathname === '/super-admin/dashboard', { timeout: SERVER_WORK });
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Folake' }));
    }));

  it('2. runs the school as its administrator from the owner’s dashboard', () =>
    step('2 run this school', async (page) => {
      await page.goto('/super-admin/dashboard');
      await page.getByRole('button', { name: new RegExp(`^Run this school ?: ${SCHOOL}$`) }).click();
      await page.waitForURL((url) => url.pathname === '/admin/dashboard', { timeout: SERVER_WORK });
      await visible(page.getByRole('region', { name: 'Running a school' }).getByText(`You are running ${SCHOOL} as its administrator.`));
      await visible(page.getByText('0 of 9 steps done'));
    }));

  it('3a. adds the session, Active, with its three terms and the First term current', () =>
    step('3a session and terms', async (page) => {
      await openStep(page, 'Session and terms', 0);
      const form = await visible(page.getByRole('form', { name: 'Add a session' }));
      await form.getByLabel('New session').fill(SESSION);
      await form.getByLabel('Status').selectOption('Active');
      await form.getByRole('button', { name: 'Add session' }).click();
      const session = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: SESSION });
      await session.getByText('Current', { exact: true }).waitFor({ timeout: SERVER_WORK });
      expect(await session.locator('dt').allTextContents()).toEqual(['First termCurrent', 'Second term', 'Third term']);
    }));

  it('3b. adds JSS 1 A and JSS 1 B in one form', () =>
    step('3b classes', async (page) => {
      await openStep(page, 'Classes', 1);
      const form = await visible(page.getByRole('form', { name: 'Add several classes' }));
      await form.getByRole('checkbox', { name: 'JSS 1', exact: true }).check();
      await form.getByLabel('Arms').fill('A, B');
      await visible(form.getByText('2 classes: JSS 1 A, JSS 1 B'));
      await form.getByRole('button', { name: 'Add 2 classes' }).click();
      await page.getByText(`2 classes added to ${SESSION}`).waitFor({ timeout: SERVER_WORK });
    }));

  it('3c. adds 8 JSS subjects from the catalogue, taught at once in every arm of JSS 1', () =>
    step('3c subjects', async (page) => {
      await openStep(page, 'Subjects', 2);
      const form = await visible(page.getByRole('form', { name: 'Add from the catalogue' }));
      expect(await form.getByLabel('Level group').inputValue()).toBe('JSS');
      // the levels to teach them in come with the classes: ticked by default
      const teachIn = await visible(form.getByRole('group', { name: 'Teach them in every arm of' }));
      expect(await teachIn.getByRole('checkbox', { name: 'JSS 1' }).isChecked()).toBe(true);
      for (const [name, code] of SUBJECTS) await form.getByRole('checkbox', { name: `${name} (${code})` }).check();
      await form.getByRole('button', { name: `Add ${SUBJECTS.length} subjects` }).click();
      await page.getByText(`${SUBJECTS.length} subjects added and taught in JSS 1 A, JSS 1 B`).waitFor({ timeout: SERVER_WORK });
    }));

  it('3d. imports the staff from CSV: preview, then import', () =>
    step('3d staff import', async (page) => {
      await openStep(page, 'Staff', 3);
      await visible(page.getByRole('heading', { level: 1, name: 'Import staff' }));
      const header = await templateHeader(page);
      const rows = [
        ...TEACHERS.map((name, i) => ({
          name,
          staff_type: 'Teacher',
          email: teacherEmail(i),
          phone: `0805${String(3100000 + i)}`,
          gender: i % 2 ? 'male' : 'female',
          address: `${i + 4} Taiwo Road, Ilorin`,
          employed_on: '2026-09-01',
        })),
        { name: 'Garba Sule', staff_type: 'Gateman', phone: '08055550199', gender: 'M', address: '1 Gate Lane, Ilorin', employed_on: '01/09/2026' },
      ];
      await importCsv(page, 'staff.csv', csv(header, rows), `${rows.length} staff members`);
    }));

  it('3e. imports 30 students from CSV into the two classes: preview, then import', () =>
    step('3e student import', async (page) => {
      await openStep(page, 'Students', 4);
      await visible(page.getByRole('heading', { level: 1, name: 'Import students' }));
      const header = await templateHeader(page);
      const rows = STUDENTS.map((name, i) => {
        const surname = name.split(' ').at(-1)!;
        return {
          name,
          gender: i % 2 ? 'male' : 'female',
          dob: `2014-0${(i % 9) + 1}-1${i % 10}`,
          state_of_origin: ['Lagos', 'Kwara', 'Enugu', 'Kano', 'Oyo'][i % 5],
          class_level: 'JSS 1',
          arm: i < CLASS_SIZE ? 'A' : 'B',
          guardian_name: `Mr ${surname}`,
          relationship: 'father',
          guardian_email: `parent${i + 1}-${run}@new-school.test`,
          guardian_phone: `0806${String(4200000 + i)}`,
          address: `${i + 10} Ahmadu Bello Way, Ilorin`,
        };
      });
      await importCsv(page, 'students.csv', csv(header, rows), `${STUDENTS.length} students`);
    }));

  it('3f. gives each subject of both classes its teacher from one CSV: preview, then import', () =>
    step('3f subject teachers import', async (page) => {
      // the subjects of 3c are taught by nobody yet: their step is still to do
      await openStep(page, 'Subject teachers', 5);
      await visible(page.getByRole('heading', { level: 1, name: 'Import subject teachers' }));
      const header = await templateHeader(page);
      expect(header).toEqual(['Class', 'Subject', 'Teacher']);
      // JSS 1 A's teachers by their email, JSS 1 B's by their full name, its subjects by their code
      const rows = CLASSES.flatMap((Class, c) =>
        SUBJECTS.map(([name, code], s) => {
          const t = teacherOf(c, s);
          return { Class, Subject: c === 0 ? name : code, Teacher: c === 0 ? teacherEmail(t) : TEACHERS[t] };
        }),
      );
      await importCsv(page, 'subject-teachers.csv', csv(header, rows), `${rows.length} subject teachers`);
      // the subjects were taught without a teacher since 3c: each row gave one
      await visible(page.getByText(`${rows.length} teachers changed, 0 were already so, and 0 subjects were added to their classes.`));
    }));

  it('4. enters every subject’s scores of each class from one spreadsheet: its template, filled in, uploaded', () =>
    step('4 scores', async (page) => {
      await openResults(page);
      for (const name of CLASSES) {
        await showBroadsheet(page, name);
        const upload = await visible(page.getByRole('region', { name: 'Whole class (all subjects)' }));
        const template = await download(page, () => upload.getByRole('link', { name: 'Download the whole-class template as CSV' }).click());
        expect(template.name).toMatch(/\.csv$/);
        const [header, ...students] = parseCsv(template.bytes.toString('utf8'));
        // Admission number, Student, then each subject's four scores under its code: "ENG Test 1"
        expect(header.slice(0, 2)).toEqual(['Admission number', 'Student']);
        expect(header.length).toBe(2 + SUBJECTS.length * 4);
        expect(students.length).toBe(CLASS_SIZE);
        const filled = students.map((row, i) => row.map((value, j) => (j < 2 ? value : String(scoreFor(header[j], i, j)))));
        for (const row of filled) uploaded.set(row[1], Object.fromEntries(header.map((column, j) => [column, row[j]])));
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), upload.getByRole('button', { name: 'Upload whole class' }).click()]);
        await chooser.setFiles({ name: template.name, mimeType: 'text/csv', buffer: Buffer.from(toCsv([header, ...filled])) });
        await upload.getByText(`Scores saved for ${SUBJECTS.length} subjects`).waitFor({ timeout: SERVER_WORK });
        // the broadsheet above has every student's average now
        await eventually(() =>
          page
            .getByText(/Class average:/)
            .locator('strong')
            .textContent(),
        ).toMatch(/^\d/);
      }
    }));

  it('5. publishes the term’s results of every class', () =>
    step('5 publish', async (page) => {
      await openResults(page);
      await showBroadsheet(page, CLASSES[0]);
      await page.getByRole('button', { name: 'Publish results' }).click();
      const dialog = await visible(page.getByRole('alertdialog', { name: 'Publish these results?' }));
      await dialog.getByRole('radio', { name: `Every class, First term ${SESSION}` }).check();
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      // every subject has scores: no second question
      await page.getByText('Results published for 2 classes').waitFor({ timeout: SERVER_WORK });
      await visible(page.getByText('Published', { exact: true }));
    }));

  it('6. prints the class’s report cards as one PDF', () =>
    step('6 report cards', async (page) => {
      await page.goto('/admin/dashboard');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Records' }).click();
      await page.getByRole('link', { name: /^Report cards Each/ }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Report Cards' }));
      await page.getByLabel('Class').selectOption({ label: CLASSES[0] });
      await visible(page.getByText('Published', { exact: true }));
      const names = page.locator('[role="table"] a[href*="/admin/records/report-card/"]');
      const student = (await (await visible(names)).first().textContent())!.trim();
      expect(STUDENTS.some((name) => name.split(' ').every((part) => student.includes(part)))).toBe(true);
      const pdf = await download(page, () => page.getByRole('button', { name: 'Download class report cards (PDF)' }).click());
      await visible(page.getByText(`All ${CLASS_SIZE} report cards are in the PDF.`));
      expect(pdf.name).toMatch(/^report-cards-jss-1-a-first-term/);
      expect(pdfPageCount(pdf.bytes)).toBe(CLASS_SIZE);
      const strings = pdfStrings(pdf.bytes);
      expect(strings).toEqual(expect.arrayContaining([student, 'JSS 1 A', `First Term, ${SESSION} Session`, ...SUBJECTS.map(([name]) => name)]));
      // the student's page carries the English scores uploaded for them, and their total
      const scores = uploaded.get(student)!;
      const eng = ['Test 1', 'Test 2', 'Assignment', 'Exam'].map((c) => scores[`ENG ${c}`]);
      const page1 = strings.slice(strings.indexOf(student));
      const row = page1.indexOf('English Language');
      expect(page1.slice(row + 1, row + 6)).toEqual([...eng, String(eng.reduce((sum, v) => sum + Number(v), 0))]);
      // each subject's row ends with its teacher from 3f: Subject, the 4 scores, Total, Grade, Remark, Position, Class avg, Highest, Lowest, Subject teacher
      expect(page1).toContain('Subject teacher');
      expect(SUBJECTS.map(([name]) => page1[page1.indexOf(name) + 12])).toEqual(SUBJECTS.map((_, s) => TEACHERS[teacherOf(0, s)]));
    }));

  it('7. does the cheapest steps left on the checklist: grading and a fee', () =>
    step('7 checklist: grading, fees', async (page) => {
      await openStep(page, 'Grading', 7);
      const results = await visible(page.getByRole('region', { name: 'Results' }));
      await results.getByRole('button', { name: 'Save result settings' }).click();
      await page.getByText('Result settings saved').waitFor({ timeout: SERVER_WORK });

      await openStep(page, 'Fees', 8);
      // the checklist opens the Fee items tab
      await eventually(() => page.getByRole('tab', { name: 'Fee items' }).getAttribute('aria-selected')).toBe('true');
      const form = await visible(page.getByRole('form', { name: 'Add fee item' }));
      await form.getByLabel('Class').selectOption('JSS 1');
      await form.getByLabel('Fee name').fill('Tuition');
      await form.getByLabel('Amount (₦)').fill('45000');
      await form.getByRole('button', { name: 'Add fee item' }).click();
      await page.getByText('Fee item added').waitFor({ timeout: SERVER_WORK });
    }));

  it('8. shows every set-up step done, and took fewer than 20 writes', async () => {
    await step('8 checklist done', async (page) => {
      await page.goto('/admin/dashboard');
      await visible(page.getByText('Every set-up step is done.'));
    });
    const toCards = writes.countOf(TO_REPORT_CARDS);
    console.log(
      `${SCHOOL}: ${writes.total} form submissions and clicks that wrote to the server, ${toCards} of them from sign-up to the printed report cards\n${writes.breakdown()}`,
    );
    expect(writes.total).toBeLessThan(20);
  });
});
