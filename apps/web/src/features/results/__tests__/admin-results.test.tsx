import type { Broadsheet } from '@school/shared/results/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminResults } from '../routes/admin-results';

const TERM = '6f1c2f0e-1111-4a4a-9b9b-0000000000e1';
const CLASS = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';

const options = {
  academicSessionId: 's',
  terms: [{ id: TERM, name: 'First', isCurrent: false }],
  classes: [{ id: CLASS, name: 'JSS 1 A' }],
  subjects: [],
};

function broadsheet(publication: Broadsheet['publication']): Broadsheet {
  return {
    classId: CLASS,
    className: 'JSS 1 A',
    termId: TERM,
    termName: 'First',
    sessionName: '2023/24',
    published: publication !== null,
    maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
    subjects: [
      { subjectId: 'm', subjectName: 'Mathematics', classAverage: 80, highest: 80, lowest: 80 },
      { subjectId: 'e', subjectName: 'English', classAverage: null, highest: null, lowest: null },
    ],
    students: [
      {
        studentId: 'a',
        name: 'Obi Ada',
        admissionNumber: null,
        subjects: [
          {
            subjectId: 'm',
            test1: 12,
            test2: 12,
            assignment: 8,
            exam: 48,
            total: 80,
            grade: 'A',
            point: 4,
            remark: 'Excellent',
            position: 1,
            incomplete: false,
          },
          {
            subjectId: 'e',
            test1: null,
            test2: null,
            assignment: null,
            exam: null,
            total: null,
            grade: null,
            point: null,
            remark: null,
            position: null,
            incomplete: false,
          },
        ],
        total: 80,
        average: 80,
        position: 1,
        subjectsTaken: 1,
      },
    ],
    classAverage: 80,
    studentCount: 1,
    publication,
  };
}

const at = `/admin/records/results?termId=${TERM}&classId=${CLASS}`;

describe('admin results: publication', () => {
  it('lists the subjects without scores the server names, and publishes only when the user agrees', async () => {
    const user = userEvent.setup();
    let published = false;
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/records/results/options': { status: 200, body: options },
      'GET /api/records/results': () => ({
        status: 200,
        body: broadsheet(published ? { publishedAt: '2024-01-08T10:00:00.000Z', scoresChangedAt: null } : null),
      }),
      'POST /api/records/results/publish': ({ body }) => {
        if (!(body as { allowUnscored?: boolean }).allowUnscored)
          return {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message: 'Some subjects have no scores yet. Publish anyway?',
              unscored: [{ classId: CLASS, className: 'JSS 1 A', subjects: ['English'] }],
            },
          };
        published = true;
        return { status: 200, body: { termId: TERM, classIds: [CLASS], published: true } };
      },
    });
    renderWithProviders(
      <>
        <AdminResults />
        <ToastHost />
      </>,
      { route: at },
    );
    await user.click(await screen.findByRole('button', { name: 'Publish results' }));
    // before publication the scores are entered here, not "corrected"
    expect(screen.getByRole('heading', { name: 'Enter scores' })).toBeTruthy();
    const ask = screen.getByRole('alertdialog', { name: 'Publish these results?' });
    await user.click(within(ask).getByRole('button', { name: 'Publish' }));

    const warn = await screen.findByRole('alertdialog', { name: 'Some subjects have no scores yet' });
    expect(within(warn).getByText('JSS 1 A:').parentElement?.textContent).toBe('JSS 1 A: English');
    await user.click(within(warn).getByRole('button', { name: 'Publish anyway' }));

    expect(await screen.findByText('Results published for JSS 1 A')).toBeTruthy();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([
      { termId: TERM, classId: CLASS, allowUnscored: false },
      { termId: TERM, classId: CLASS, allowUnscored: true },
    ]);
    await waitFor(() => expect(screen.getByText(/students and parents see these results as they were then/)).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Correct scores' })).toBeTruthy();
  });

  it('says when scores changed after publication, and republishes on request', async () => {
    const user = userEvent.setup();
    let changed: string | null = '2024-01-09T09:30:00.000Z';
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/records/results/options': { status: 200, body: options },
      'GET /api/records/results': () => ({ status: 200, body: broadsheet({ publishedAt: '2024-01-08T10:00:00.000Z', scoresChangedAt: changed }) }),
      'POST /api/records/results/republish': () => {
        changed = null;
        return { status: 200, body: { termId: TERM, classIds: [CLASS], published: true } };
      },
    });
    renderWithProviders(
      <>
        <AdminResults />
        <ToastHost />
      </>,
      { route: at },
    );
    expect(await screen.findByText(/Scores were corrected on .* after publication/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Republish results' }));
    const ask = screen.getByRole('alertdialog', { name: 'Republish these results?' });
    expect(within(ask).getByText(/positions may change/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Republish' }));
    expect(await screen.findByText('Results republished for JSS 1 A')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/records/results/republish']);
    await waitFor(() => expect(screen.queryByText(/Scores were corrected on/)).toBeNull());
  });

  it('names the students without a class teacher’s or a principal’s comment before publishing, with the way to write them', async () => {
    const user = userEvent.setup();
    const student = (name: string, comment: string | null) => ({
      studentId: name,
      name,
      admissionNumber: null,
      average: 70,
      position: 1,
      comment,
      suggestion: null,
    });
    mockApi({
      'GET /api/records/results/options': { status: 200, body: options },
      'GET /api/records/results': { status: 200, body: broadsheet(null) },
      'GET /api/report-cards/principal-comments': {
        status: 200,
        body: {
          className: 'JSS 1 A',
          termName: 'First',
          sessionName: '2023/24',
          published: false,
          students: [student('Obi Ada', 'Good work.'), student('Eze Chi', null), student('Uko Eme', null)],
        },
      },
      'GET /api/report-cards/class-teacher-comments': {
        status: 200,
        body: {
          classId: 'c1',
          termId: 't1',
          className: 'JSS 1 A',
          termName: 'First',
          sessionName: '2023/24',
          published: false,
          classTeacherName: null,
          canEdit: true,
          lockedReason: null,
          students: [student('Obi Ada', null), student('Eze Chi', 'Chi is punctual.'), student('Uko Eme', 'Eme is neat.')],
        },
      },
    });
    renderWithProviders(<AdminResults />, { route: at });
    await user.click(await screen.findByRole('button', { name: 'Publish results' }));
    const ask = screen.getByRole('alertdialog', { name: 'Publish these results?' });
    expect((await within(ask).findByText(/have no principal's comment yet/)).textContent).toBe(
      "2 students of JSS 1 A have no principal's comment yet: Eze Chi, Uko Eme.",
    );
    expect(within(ask).getByRole('link', { name: "Write the principal's comments" }).getAttribute('href')).toBe('/admin/records/principal-comments');
    expect((await within(ask).findByText(/has no class teacher's comment yet/)).textContent).toBe(
      "1 student of JSS 1 A has no class teacher's comment yet: Obi Ada.",
    );
    expect(within(ask).getByRole('link', { name: "Write the class teacher's comments" }).getAttribute('href')).toBe('/admin/records/class-teacher-comments');
    // a reminder, not a refusal: publishing stays open
    expect((within(ask).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('admin results: the texts to parents', () => {
  it('follows the texts a publication made on the page once its dialog has closed, with the way to this send in the message log', async () => {
    const user = userEvent.setup();
    const batchId = '6f1c2f0e-1111-4a4a-9b9b-0000000000d1';
    let published = false;
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/records/results/options': { status: 200, body: options },
      'GET /api/records/results': () => ({
        status: 200,
        body: broadsheet(published ? { publishedAt: '2024-01-08T10:00:00.000Z', scoresChangedAt: null } : null),
      }),
      'POST /api/records/results/publish': () => {
        published = true;
        return { status: 200, body: { termId: TERM, classIds: [CLASS], published: true, texts: { batchId, total: 40 } } };
      },
      [`GET /api/messages/batches/${batchId}`]: {
        status: 200,
        body: { batchId, total: 40, byStatus: { queued: 28, sent: 12, delivered: 0, failed: 0, kept: 0 } },
      },
    });
    renderWithProviders(
      <>
        <AdminResults />
        <ToastHost />
      </>,
      { route: at },
    );
    expect(screen.queryByRole('region', { name: 'Texts to parents' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Publish results' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Publish these results?' })).getByRole('button', { name: 'Publish' }));

    const texts = await screen.findByRole('region', { name: 'Texts to parents' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await within(texts).findByText('Texts to parents: 12 of 40 sent')).toBeTruthy();
    expect(within(texts).getByRole('progressbar', { name: 'Texts to parents' }).getAttribute('aria-valuemax')).toBe('40');
    expect(within(texts).getByRole('link', { name: 'See them in the message log' }).getAttribute('href')).toBe(`/admin/messages?batchId=${batchId}`);
    await user.click(within(texts).getByRole('button', { name: 'Hide: Texts to parents' }));
    expect(screen.queryByRole('region', { name: 'Texts to parents' })).toBeNull();
  });
});
