import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMetadata, filesetFile, uploadDataFileResult } from '../../../src/api/contract';
import { attachment } from '../core/download';
import { SAMPLE_FILESETS } from '../seed/filesets';
import { startTestPlatform, type TestPlatform } from '../testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);
afterAll(() => platform.close());

const page = '<html><body><script>alert(document.cookie)</script></body></html>';
const name = `évil "page" (1)'s 100%;.html`;
const disposition = `attachment; filename="_vil _page_ (1)'s 100__.html"; filename*=UTF-8''%C3%A9vil%20%22page%22%20%281%29%27s%20100%25%3B.html`;

/** What every download from the platform itself carries, gateway or not. */
function expectDownload(res: Response, named = disposition) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-disposition')).toBe(named);
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
}

describe('downloads from the platform itself', () => {
  it('a data file and its revision: an attachment, never sniffed, whatever its type', async () => {
    const res = await platform.api(`/api/data/v1/data-files?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      body: page,
      headers: {
        'X-SERVICE-Developer-Token': platform.tokens.developer,
        'content-type': 'text/html',
      },
    });
    const { dataFileId } = uploadDataFileResult.parse(await res.json());
    const current = await platform.api(`/api/data/v1/data-files/${dataFileId}`);
    expectDownload(current);
    expect(await current.text()).toBe(page);
    const details = fileMetadata.parse(
      await (
        await platform.api(`/api/data/v1/data-files/${dataFileId}/details?expand=revisions`)
      ).json(),
    );
    const revisionId = details.revisions![0]!.dataFileRevisionId;
    expectDownload(
      await platform.api(`/api/data/v1/data-files/${dataFileId}/revisions/${revisionId}`),
    );
  });

  it('a fileset file: an attachment, never sniffed, whatever its type', async () => {
    const form = new FormData();
    // (A multipart file name is sent as the browser sends it: plain ASCII here.)
    form.append('file', new Blob([page], { type: 'text/html' }), "page (1)'s;.html");
    const fileset = SAMPLE_FILESETS[0]!.id;
    const res = await platform.api(`/api/files/v1/filesets/${fileset}/files`, {
      method: 'POST',
      body: form,
    });
    const file = filesetFile.parse(await res.json());
    const download = await platform.api(
      `/api/files/v1/filesets/${fileset}/files/${encodeURIComponent(file.id)}/download`,
    );
    expectDownload(
      download,
      `attachment; filename="page (1)'s_.html"; filename*=UTF-8''page%20%281%29%27s%3B.html`,
    );
    expect(await download.text()).toBe(page);
  });

  it('names any file safely: plain ASCII in filename, the exact name encoded in filename*', () => {
    expect(attachment('a\r\nSet-Cookie: x=1.txt')).toBe(
      `attachment; filename="a__Set-Cookie: x=1.txt"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1.txt`,
    );
    expect(attachment('日本.csv')).toBe(
      `attachment; filename="__.csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.csv`,
    );
    expect(attachment('')).toBe(`attachment; filename="download"; filename*=UTF-8''`);
  });
});
