import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadField, uploadErrorText, useUpload } from '@/components/ui/upload-field';
import { checkFile, UploadError, uploadFile } from '@/lib/api/upload';
import { FakeXhr } from './course-editor-fakes';
import { activateLocale } from './render';

const MB = 1024 * 1024;
const png = (size = 2048, name = 'cover.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.count = 0;
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  activateLocale('en');
});
describe('uploadFile (XHR)', () => {
  it('posts the file in the endpoint field with the bearer and legacy headers, reports progress, resolves with data', async () => {
    const seen: number[] = [];
    const promise = uploadFile('coursePicture', png(), {
      auth: { token: 'jwt', federated: false },
      onProgress: (p) => seen.push(p.percent),
      logError: () => {},
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/courses/picture']);
    expect(xhr.headers).toEqual({ Authorization: 'Bearer jwt', 'X-Auth-Legacy': '1' });
    expect((xhr.body!.get('picture') as File).name).toBe('cover.png');
    xhr.progress(512, 2048);
    xhr.respond(201, { data: { id: 9, url: '/uploads/9.png', type: 'COURSEPICTURE' } });
    await expect(promise).resolves.toEqual({ id: 9, url: '/uploads/9.png', type: 'COURSEPICTURE' });
    expect(seen).toEqual([25, 100]);
  });

  it('checks type and size on the client first (nothing is sent)', async () => {
    await expect(uploadFile('coursePicture', png(6 * MB), { logError: () => {} })).rejects.toMatchObject({
      code: 'tooLarge',
      message: 'File size must be less than 5 MB',
    });
    await expect(
      uploadFile('coursePicture', new File(['x'], 'a.gif', { type: 'image/gif' }), { logError: () => {} }),
    ).rejects.toMatchObject({
      code: 'badType',
      message: 'File type must be png, jpeg',
    });
    expect(FakeXhr.count).toBe(0);
    expect(checkFile('document', { name: 'notes.docx', size: 19 * MB, type: '' })).toBeNull();
    expect(checkFile('document', { name: 'notes.docx', size: 21 * MB, type: '' })?.message).toBe(
      'File size must be less than 20 MB',
    );
    expect(checkFile('courseVideo', { name: 'intro.mov', size: 900 * MB, type: '' })).toBeNull();
    expect(checkFile('courseVideo', { name: 'intro.mkv', size: 1, type: '' })?.message).toBe(
      'File type must be ogv, webm, mp4, mpeg, avi, wmv, flv, m3u8, mov',
    );
  });

  it("any other failure is 'Failed to upload file !' (and logged); 413/415 keep their meaning", async () => {
    const logged: string[] = [];
    const failing = uploadFile('coursePicture', png(), { logError: (m) => logged.push(m) });
    FakeXhr.last!.respond(500, { message: 'Boom' });
    await expect(failing).rejects.toMatchObject({ code: 'failed', status: 500, message: 'Failed to upload file !' });
    expect(logged).toHaveLength(1);
    const tooLarge = uploadFile('courseVideo', new File(['x'], 'a.mp4'), { logError: () => {} });
    FakeXhr.last!.respond(413, { message: 'File size must be less than 1 GB' });
    await expect(tooLarge).rejects.toMatchObject({ code: 'tooLarge', limit: '1 GB' });
  });

  it('a 401 goes through the token refresh and the upload is sent again with the new token', async () => {
    let token = 'old';
    const reports: { attempt: number; token: string | null }[] = [];
    const promise = uploadFile('coursePicture', png(), {
      getAuth: () => ({ token, federated: true }),
      onUnauthorized: async ({ attempt, token: sent }) => {
        reports.push({ attempt, token: sent });
        token = 'fresh';
        return true;
      },
      logError: () => {},
    });
    const first = FakeXhr.last!;
    expect(first.headers).toEqual({ Authorization: 'Bearer old', 'X-Auth-Legacy': '0' });
    first.respond(401, { message: 'Unauthorized' });
    await vi.waitFor(() => expect(FakeXhr.count).toBe(2));
    const second = FakeXhr.last!;
    expect(second.headers).toEqual({ Authorization: 'Bearer fresh', 'X-Auth-Legacy': '0' });
    expect((second.body!.get('picture') as File).name).toBe('cover.png');
    second.respond(201, { data: { id: 10, url: '/uploads/10.png', type: 'COURSEPICTURE' } });
    await expect(promise).resolves.toMatchObject({ id: 10 });
    expect(reports).toEqual([{ attempt: 1, token: 'old' }]);
  });

  it('a 401 the refresh cannot cure fails the upload without resending', async () => {
    const promise = uploadFile('coursePicture', png(), {
      getAuth: () => ({ token: 'old', federated: false }),
      onUnauthorized: () => false,
      logError: () => {},
    });
    FakeXhr.last!.respond(401, { message: 'Unauthorized' });
    await expect(promise).rejects.toMatchObject({ code: 'failed', status: 401 });
    expect(FakeXhr.count).toBe(1);
  });
});

function Harness() {
  const upload = useUpload('coursePicture', { auth: { token: 'jwt', federated: true } });
  return (
    <UploadField
      label="Course picture"
      kind="coursePicture"
      preview="image"
      value={upload.result ? { url: upload.result.url, name: 'cover.png' } : null}
      progress={upload.progress}
      error={upload.error ? uploadErrorText(i18n, upload.error) : null}
      onFileSelected={upload.start}
      onCancel={upload.cancel}
    />
  );
}

function renderHarness() {
  return render(
    <I18nProvider i18n={i18n}>
      <Harness />
    </I18nProvider>,
  );
}

describe('UploadField', () => {
  it('shows a progress bar while uploading, then the preview', async () => {
    renderHarness();
    const input = screen.getByLabelText('Course picture') as HTMLInputElement;
    expect(input.accept).toContain('.png');
    expect(screen.getByText('Accepted: png, jpeg. Up to 5 MB.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png(4000)] } });
    const bar = screen.getByRole('progressbar', { name: 'Uploading cover.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(FakeXhr.last!.headers['X-Auth-Legacy']).toBe('0');
    act(() => FakeXhr.last!.progress(1000, 4000));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '25% uploaded');
    expect(screen.getByLabelText('Course picture')).toBeDisabled();
    await act(async () =>
      FakeXhr.last!.respond(201, { data: { id: 9, url: '/uploads/9.png', type: 'COURSEPICTURE' } }),
    );
    expect(await screen.findByRole('img', { name: 'Preview of cover.png' })).toHaveAttribute('src', '/uploads/9.png');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the size and type errors and sends nothing', async () => {
    renderHarness();
    const input = () => screen.getByLabelText('Course picture') as HTMLInputElement;
    await act(async () => fireEvent.change(input(), { target: { files: [png(6 * MB)] } }));
    expect(screen.getByRole('alert').textContent).toBe('File size must be less than 5 MB');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    await act(async () =>
      fireEvent.change(input(), { target: { files: [new File(['x'], 'anim.gif', { type: 'image/gif' })] } }),
    );
    expect(screen.getByRole('alert').textContent).toBe('File type must be png, jpeg');
    expect(FakeXhr.count).toBe(0);
  });

  it("no file chosen does nothing; a failed upload says 'Failed to upload file !'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderHarness();
    fireEvent.change(screen.getByLabelText('Course picture'), { target: { files: [] } });
    expect(FakeXhr.count).toBe(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Course picture'), { target: { files: [png()] } });
    await act(async () => FakeXhr.last!.respond(500, { message: 'Boom' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to upload file !');
    expect(logged).toHaveBeenCalledTimes(1); // product.md#messages: also logged
    logged.mockRestore();
  });

  it('cancel aborts the upload and hides the progress', async () => {
    renderHarness();
    fireEvent.change(screen.getByLabelText('Course picture'), { target: { files: [png()] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Arabic', () => {
    activateLocale('ar');
    const text = uploadErrorText(i18n, new UploadError('tooLarge', { limit: '5 MB' }));
    expect(text).toContain('5 MB');
    expect(text).not.toContain('File size');
  });
});
