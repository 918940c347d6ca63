import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin-app.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser } from '../../../test/helpers.js';

const { t, asAdmin } = useAdminApp();
let courseId: string;

beforeAll(async () => {
  courseId = (await asAdmin('POST', '/api/admin/courses', courseForm())).json().course.id;
});

const storedRow = (fileId: string) =>
  t.database.db.selectFrom('course_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
const auditActions = async (entityId: string) =>
  (await t.database.db.selectFrom('audit_log').select('action').where('entity_id', '=', entityId).execute()).map(
    (a) => a.action,
  );
const pdf = Buffer.from('%PDF-1.4\n% a tiny test document\n%%EOF\n');
const upload = (bytes: Buffer, type: string, name = 'Cheat sheet.pdf') =>
  asAdmin('POST', `/api/admin/courses/${courseId}/files?name=${encodeURIComponent(name)}`, bytes, {
    'content-type': type,
  });

describe('course files', () => {
  it('stores an uploaded file privately, lists it, and a buyer downloads it through their signed link', async () => {
    const res = await upload(pdf, 'application/pdf', '../../etc/Cheat sheet.pdf');
    expect(res.statusCode).toBe(200);
    const file = res.json().file;
    expect(file).toMatchObject({ name: 'Cheat sheet.pdf', sizeBytes: pdf.length, contentType: 'application/pdf' });
    const row = await storedRow(file.id);
    const stored = path.join(t.config.dataDir, 'course-files', row.stored_name);
    expect(fs.readFileSync(stored)).toEqual(pdf);
    expect((await t.app.inject({ url: `/uploads/../course-files/${row.stored_name}` })).statusCode).not.toBe(200);
    expect((await asAdmin('GET', `/api/admin/courses/${courseId}/files`)).json().files).toEqual([file]);
    expect(await auditActions(courseId)).toContain('course_file.add');
  });

  it('refuses a type learners should not be handed, an empty file and an oversized one, storing nothing', async () => {
    const html = await upload(Buffer.from('<script>alert(1)</script>'), 'text/html', 'page.html');
    expect(html.statusCode).toBe(400);
    expect((await upload(Buffer.alloc(0), 'application/pdf')).statusCode).toBe(400);
    const big = await upload(Buffer.alloc(50 * 1024 * 1024 + 1, 1), 'application/zip', 'big.zip');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file must be at most 50 MB.');
    const names = (await asAdmin('GET', `/api/admin/courses/${courseId}/files`))
      .json()
      .files.map((f: { name: string }) => f.name);
    expect(names).not.toContain('page.html');
    expect(names).not.toContain('big.zip');
  });

  it('deletes a file: the row, the bytes, and an audit row', async () => {
    const file = (await upload(pdf, 'application/pdf', 'Old notes.pdf')).json().file;
    const row = await storedRow(file.id);
    const res = await asAdmin('DELETE', `/api/admin/courses/${courseId}/files/${file.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('course_files').select('id').where('id', '=', file.id).execute()).toEqual([]);
    expect(fs.existsSync(path.join(t.config.dataDir, 'course-files', row.stored_name))).toBe(false);
    expect(await auditActions(courseId)).toContain('course_file.remove');
  });

  it('refuses visitors and learners', async () => {
    const learner = await createSignedInUser(t.database.db);
    for (const user of [null, learner]) {
      const res = await callAs(t, user)('POST', `/api/admin/courses/${courseId}/files?name=x.pdf`, pdf, {
        'content-type': 'application/pdf',
      });
      expect(res.statusCode).toBe(user ? 403 : 401);
    }
  });
});
