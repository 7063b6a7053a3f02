import { describe, expect, it } from 'vitest';
import { bandOf, CLASS_TEACHER_COMMENT_BANK, COMMENT_BANK, suggestClassTeacherComment, suggestComment } from './comment-bank';
import { PRINCIPAL_COMMENT_MAX } from './schemas';

describe('comment bank', () => {
  it('suggests by average band, at the bands’ edges too', () => {
    expect(suggestComment(100)).toBe('An excellent result. Keep it up.');
    expect(suggestComment(75)).toBe('An excellent result. Keep it up.');
    expect(suggestComment(74.99)).toBe('A very good result; aim higher next term.');
    expect(suggestComment(60)).toBe('A very good result; aim higher next term.');
    expect(suggestComment(59.5)).toBe('A good result, but there is room for improvement.');
    expect(suggestComment(50)).toBe('A good result, but there is room for improvement.');
    expect(suggestComment(49)).toBe('A fair result. You can do much better with more effort.');
    expect(suggestComment(40)).toBe('A fair result. You can do much better with more effort.');
    expect(suggestComment(39.99)).toBe('A weak result. More effort and closer attention are needed.');
    expect(suggestComment(0)).toBe('A weak result. More effort and closer attention are needed.');
  });

  it('answers null without an average', () => {
    expect(suggestComment(null)).toBeNull();
    expect(suggestComment(Number.NaN)).toBeNull();
    expect(bandOf(undefined)).toBeNull();
  });

  it('gives the band’s other comments by index, wrapping round', () => {
    const band = bandOf(80)!;
    expect(suggestComment(80, 1)).toBe(band.comments[1]);
    expect(suggestComment(80, band.comments.length)).toBe(band.comments[0]);
    expect(suggestComment(80, -1)).toBe(band.comments[1]);
  });

  it('has 3-4 comments per band, each short enough for the card, bands highest first', () => {
    for (const band of COMMENT_BANK) {
      expect(band.comments.length).toBeGreaterThanOrEqual(3);
      expect(band.comments.length).toBeLessThanOrEqual(4);
      for (const comment of band.comments) expect(comment.length).toBeLessThanOrEqual(PRINCIPAL_COMMENT_MAX);
    }
    expect(COMMENT_BANK.map((b) => b.min)).toEqual([75, 60, 50, 40, 0]);
  });
});

describe("class teacher's comment bank", () => {
  it('suggests by the same average bands, in the class teacher’s voice with the first name', () => {
    expect(suggestClassTeacherComment(75, 0, 'Chidi')).toBe('Chidi is punctual, attentive and participates very well in class. A delight to teach.');
    expect(suggestClassTeacherComment(74.99, 0, 'Chidi')).toMatch(/^Chidi is well behaved/);
    expect(suggestClassTeacherComment(50, 0, 'Ada')).toMatch(/^Ada is a pleasant student/);
    expect(suggestClassTeacherComment(40, 0, 'Ada')).toMatch(/^Ada is capable of doing better/);
    expect(suggestClassTeacherComment(0, 0, 'Ada')).toMatch(/^Ada needs close attention/);
    expect(suggestClassTeacherComment(80, 0, '  ')).toMatch(/^This student is punctual/);
    expect(suggestClassTeacherComment(null, 0, 'Ada')).toBeNull();
  });

  it('varies down the list, wrapping round, and never repeats the principal’s words', () => {
    const band = CLASS_TEACHER_COMMENT_BANK[0];
    expect(suggestClassTeacherComment(90, 1, 'Bisi')).toBe(band.comments[1].replace('{name}', 'Bisi'));
    expect(suggestClassTeacherComment(90, band.comments.length, 'Bisi')).toBe(suggestClassTeacherComment(90, 0, 'Bisi'));
    const principal = new Set(COMMENT_BANK.flatMap((b) => b.comments));
    expect(CLASS_TEACHER_COMMENT_BANK.flatMap((b) => b.comments).some((c) => principal.has(c))).toBe(false);
  });

  it('has the principal’s bands, 3-4 comments each naming the student, short enough for the card', () => {
    expect(CLASS_TEACHER_COMMENT_BANK.map((b) => b.min)).toEqual(COMMENT_BANK.map((b) => b.min));
    for (const band of CLASS_TEACHER_COMMENT_BANK) {
      expect(band.comments.length).toBeGreaterThanOrEqual(3);
      expect(band.comments.length).toBeLessThanOrEqual(4);
      for (const comment of band.comments) {
        expect(comment).toContain('{name}');
        expect(comment.replace('{name}', 'Oluwaseyifunmi').length).toBeLessThanOrEqual(PRINCIPAL_COMMENT_MAX);
      }
    }
  });
});
