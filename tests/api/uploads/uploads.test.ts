import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ORIGIN, signUpIdentity } from '../../support/factories.ts';
import { useTestApp } from '../../support/fixtures.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

const test = useTestApp().extend('cookie', { scope: 'file' }, async ({ t }) => (await signUpIdentity(t.app)).cookie);

async function multipart(field: string, data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? '' };
}

async function upload(
  t: TestApp,
  cookie: string,
  data: Buffer,
  options: { field?: string; filename?: string; type?: string; withCookie?: boolean } = {},
) {
  const body = await multipart(
    options.field ?? 'image',
    data,
    options.filename ?? 'photo.png',
    options.type ?? 'image/png',
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { 'content-type': body.contentType, origin: ORIGIN, ...(options.withCookie === false ? {} : { cookie }) },
    payload: body.payload,
  });
}

/** The profile photos stored in the database. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('images')
    .select('name')
    .where('name', 'like', 'uploads/%')
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

describe('POST /api/v1/uploads', () => {
  test('stores a real image re-encoded as WebP without metadata, under a server-chosen name', async ({ t, cookie }) => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#cc6633' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-data' } })
      .toBuffer();
    const res = await upload(t, cookie, jpeg, { filename: '../../etc/passwd.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const url: string = res.json().data.display_url;
    expect(url).toMatch(/^\/images\/uploads\/[a-f0-9-]{36}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(512);
  });

  test('refuses a text file named .png, an oversize file, a missing field and a guest, storing nothing', async ({
    t,
    cookie,
  }) => {
    const before = await storedFiles(t);
    const text = await upload(t, cookie, Buffer.from('this is not an image at all'), {
      filename: 'evil.png',
      type: 'image/png',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ success: false, message: expect.any(String) });
    const huge = await upload(t, cookie, Buffer.alloc(3 * 1024 * 1024, 1), { filename: 'big.png' });
    expect(huge.statusCode).toBe(413);
    const wrongField = await upload(t, cookie, await tinyPng(), { field: 'photo' });
    expect(wrongField.statusCode).toBe(400);
    const guest = await upload(t, cookie, await tinyPng(), { withCookie: false });
    expect(guest.statusCode).toBe(401);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { cookie, origin: ORIGIN },
      payload: { image: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await storedFiles(t)).toEqual(before);
  });
});

async function tinyPng() {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
}

describe('photos kept as files by earlier versions', () => {
  it('move into the database once at start, under the same URLs', async () => {
    const name = '0123abcd-0123-4567-89ab-0123456789ab.webp';
    const webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const started = await createTestApp(
      {},
      {
        beforeStart: (config) => {
          const dir = join(config.dataDir, 'images', 'uploads');
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, name), webp);
          writeFileSync(join(dir, 'not-a-photo.txt'), 'left alone');
        },
      },
    );
    const { dataDir } = started.config;
    try {
      const served = await started.app.inject({ method: 'GET', url: `/images/uploads/${name}` });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, webp)).toBe(0);
      expect(existsSync(join(dataDir, 'images', 'uploads'))).toBe(false);
      expect(existsSync(join(dataDir, 'images', 'uploads.imported', name))).toBe(true);
    } finally {
      await started.close();
    }
  });
});
