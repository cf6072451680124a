import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MB, uploadRules } from '@portal/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider.tsx';
import { notify } from '../../lib/notifications.tsx';
import { FileUpload, type FileUploadProps } from './file-upload.tsx';
import { MultiFileUpload } from './multi-file-upload.tsx';
import type { UploadValue } from './upload-item.tsx';

const file = (name: string, size = 1000, type = 'image/png') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const pick = (label: string, ...files: File[]) => fireEvent.change(screen.getByLabelText(label), { target: { files } });

function Multi({ onChange }: { onChange?: (v: UploadValue[]) => void }) {
  const [value, setValue] = useState<UploadValue[]>([]);
  return (
    <MultiFileUpload
      label="Images"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

function Single(props: Partial<FileUploadProps>) {
  const [value, setValue] = useState<UploadValue | null>(null);
  return <FileUpload label="Logo" value={value} onChange={setValue} {...props} />;
}

afterEach(() => vi.restoreAllMocks());

describe('MultiFileUpload', () => {
  it('hints the accepted types and size', () => {
    render(<AppProvider><Multi /></AppProvider>);
    expect(screen.getByText('Allowed: .jpg, .jpeg, .png, .svg, .gif, up to 2 MB')).toBeTruthy();
  });

  it('ignores a duplicate name with "The image has already been selected!"', () => {
    const error = vi.spyOn(notify, 'error');
    const onChange = vi.fn<(v: UploadValue[]) => void>();
    render(<AppProvider><Multi onChange={onChange} /></AppProvider>);
    pick('Images', file('banner.png'));
    pick('Images', file('Banner.PNG'), file('other.jpg'));
    expect(error).toHaveBeenCalledWith('The image has already been selected!');
    expect(onChange.mock.calls.at(-1)?.[0].map((f) => f.name)).toEqual(['banner.png', 'other.jpg']);
  });

  it('refuses a file over 2 MB and a wrong type with "The file does not meet the requirements"', () => {
    const error = vi.spyOn(notify, 'error');
    const onChange = vi.fn<(v: UploadValue[]) => void>();
    render(<AppProvider><Multi onChange={onChange} /></AppProvider>);
    pick('Images', file('huge.png', 2 * MB + 1));
    pick('Images', file('notes.pdf', 10, 'application/pdf'));
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith('The file does not meet the requirements');
    expect(onChange).not.toHaveBeenCalled();
    pick('Images', file('exactly.png', 2 * MB));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('cuts names to 12 characters and keeps the full name on hover', () => {
    render(<AppProvider><Multi /></AppProvider>);
    pick('Images', file('a-very-long-banner-name.png'));
    expect(screen.getByText('a-very-long-…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove a-very-long-banner-name.png' })).toBeTruthy();
  });
});

describe('FileUpload', () => {
  it('cuts the name to 18 characters', () => {
    render(<AppProvider><Single /></AppProvider>);
    pick('Logo', file('a-very-long-banner-name.png'));
    expect(screen.getByText('a-very-long-banner…')).toBeTruthy();
  });

  it('shows the requirement in a popup where the field asks for it (logo: svg up to 1 MB)', async () => {
    render(<AppProvider><Single rule={uploadRules.logo} requirementPopup /></AppProvider>);
    pick('Logo', file('logo.png'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The file does not meet the requirements');
    expect(dialog.textContent).toContain('Upload a .svg file of at most 1 MB.');
  });

  it('shows an archive with the archive icon', () => {
    render(<AppProvider><Single rule={uploadRules.archive} /></AppProvider>);
    pick('Logo', file('creatives.7z', 100, 'application/x-7z-compressed'));
    expect(screen.getByLabelText('Archive')).toBeTruthy();
  });

  it('says "File not uploaded" when the upload fails', async () => {
    const error = vi.spyOn(notify, 'error');
    render(<AppProvider><Single upload={() => Promise.reject(new Error('network'))} /></AppProvider>);
    pick('Logo', file('banner.png'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('File not uploaded'));
    expect(screen.queryByText('banner.png')).toBeNull();
  });

  it('keeps what the upload returns', async () => {
    render(<AppProvider><Single upload={async (f) => ({ uuid: 'u1', name: f.name, url: 'https://cdn.example/x.png' })} /></AppProvider>);
    pick('Logo', file('banner.png'));
    expect(await screen.findByText('banner.png')).toBeTruthy();
  });
});
