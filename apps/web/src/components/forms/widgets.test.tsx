import { act, fireEvent, render, screen } from '@testing-library/react';
import { EDITOR_PALETTE } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider.tsx';
import { MediaViewer } from './media-viewer.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { UrlEntryDialog } from './url-entry-dialog.tsx';

describe('UrlEntryDialog', () => {
  function open() {
    const onSave = vi.fn<(url: string) => void>();
    render(<AppProvider><UrlEntryDialog open onClose={() => undefined} onSave={onSave} /></AppProvider>);
    const input = screen.getByLabelText('Address');
    const apply = (value: string) => {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    };
    return { onSave, apply };
  }

  it.each(['http://192.168.0.1/admin', 'http://localhost:3000', 'javascript:alert(1)', '//evil.example'])('refuses %s with the SPEC.md message', (value) => {
    const { onSave, apply } = open();
    apply(value);
    expect(screen.getByText('The value must be a absolute or relative (starts with /) link.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('accepts a relative link and trims it', () => {
    const { onSave, apply } = open();
    apply('  /offers?tab=list ');
    expect(onSave).toHaveBeenCalledWith('/offers?tab=list');
  });

  it('accepts empty (no link)', () => {
    const { onSave, apply } = open();
    apply('');
    expect(onSave).toHaveBeenCalledWith('');
  });
});

describe('MediaViewer', () => {
  it.each([
    [375, '281px'],
    [800, '474px'],
    [1440, '746px'],
  ])('at %i px wide is %s tall', (width, height) => {
    act(() => {
      window.innerWidth = width;
      window.dispatchEvent(new Event('resize'));
    });
    render(<AppProvider><MediaViewer open src="https://cdn.example/a.png" kind="image" onClose={() => undefined} /></AppProvider>);
    expect(getComputedStyle(screen.getByTestId('media-viewer')).height).toBe(height);
  });
});

describe('RichTextEditor', () => {
  const features = ['Bold', 'Italic', 'Strikethrough', 'Heading 1', 'Heading 2', 'Heading 3', 'Paragraph', 'Bulleted list', 'Numbered list', 'Align left', 'Align center', 'Align right', 'Justify', 'Line break', 'Link', 'Remove link', 'Clear formatting', 'Undo', 'Redo', 'Text colour'];

  it('offers exactly the SPEC.md features and the 8-colour palette', async () => {
    render(<AppProvider><RichTextEditor label="Description" value="<p>Hello</p>" onChange={() => undefined} /></AppProvider>);
    const toolbar = screen.getByRole('toolbar');
    expect(Array.from(toolbar.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'))).toEqual(features);
    fireEvent.click(screen.getByRole('button', { name: 'Text colour' }));
    const swatches = await screen.findAllByRole('button', { name: /^Colour #/ });
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toEqual(EDITOR_PALETTE.map((c) => `Colour ${c}`));
  });

  it('limits the toolbar to the given formats', () => {
    render(<AppProvider><RichTextEditor label="Description" value="" formats={['bold', 'link']} onChange={() => undefined} /></AppProvider>);
    expect(Array.from(screen.getByRole('toolbar').querySelectorAll('button')).map((b) => b.getAttribute('aria-label'))).toEqual(['Bold', 'Link', 'Text colour']);
  });

  it('shows the given HTML', () => {
    render(<AppProvider><RichTextEditor label="Description" value="<h2>Title</h2><p><strong>bold</strong></p>" onChange={() => undefined} /></AppProvider>);
    const box = screen.getByRole('textbox', { name: 'Description' });
    expect(box.innerHTML).toContain('<h2>Title</h2>');
    expect(box.innerHTML).toContain('<strong>bold</strong>');
  });
});
