import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { optional, required, siteUrl, text } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppProvider } from '../../app/provider.tsx';
import { notify } from '../../lib/notifications.tsx';
import { DynamicForm, type DynamicFormProps } from './dynamic-form.tsx';
import type { FormItem } from './field-types.ts';
import type { UploadValue } from './upload-item.tsx';

const schema = z.object({
  name: required(text({ min: 3 })),
  has_site: z.boolean(),
  website: optional(siteUrl(), ''),
  note: text(),
  images: z.array(z.custom<UploadValue>()),
  ranges: z.array(z.object({ from: text(), to: text() })),
});
type Input = z.input<typeof schema>;

const fields: FormItem<Input>[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'has_site', label: 'Has a site', type: 'checkbox' },
  { name: 'website', label: 'Website', type: 'url', required: true, relation: 'has_site', relationValue: true, relationText: 'Tick the box to add a site' },
  { name: 'note', label: 'Note', type: 'text', save: false },
  { name: 'images', label: 'Images', type: 'files' },
  { type: 'block', name: 'ranges', label: 'Range', maxCount: 2, mustBeUnique: ['from'], newItem: { from: '', to: '' }, fields: [
    { name: 'from', label: 'From', type: 'text', required: true, row: 1 },
    { name: 'to', label: 'To', type: 'text', row: 1 },
  ] },
];

const stored = { uuid: 'b1f7c0de-0000-4000-8000-000000000001', name: 'old-banner.png', url: 'data:image/png;base64,' };
const defaults: DynamicFormProps<typeof schema>['defaultValues'] = { name: '', has_site: false, website: '', note: '', images: [stored], ranges: [] };

function renderForm(onSubmit: DynamicFormProps<typeof schema>['onSubmit'], mode: 'create' | 'update' = 'update') {
  render(
    <AppProvider>
      <DynamicForm schema={schema} fields={fields} defaultValues={defaults} mode={mode} onSubmit={onSubmit} />
    </AppProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(() => vi.restoreAllMocks());

const submitSpy = () => vi.fn<(values: Record<string, unknown>) => Promise<void>>(async () => undefined);

describe('DynamicForm', () => {
  it('takes over what was typed before it was drawn: the values and the focused field', () => {
    render(
      <AppProvider>
        <DynamicForm schema={schema} fields={fields} defaultValues={defaults} mode="update" onSubmit={submitSpy()} takeOver={() => ({ values: { name: 'Typed early' }, focus: 'name' })} />
      </AppProvider>,
    );
    const name = screen.getByLabelText('Name', { exact: false }) as HTMLInputElement;
    expect(name.value).toBe('Typed early');
    expect(document.activeElement).toBe(name);
  });

  it('does not save until the form validates, and shows why', async () => {
    const onSubmit = submitSpy();
    renderForm(onSubmit);
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    type('Name', 'ab');
    save();
    expect(await screen.findByText('This field must be at least 3 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves trimmed values, leaves out save:false fields and says "Updated successfully"', async () => {
    const success = vi.spyOn(notify, 'success');
    const onSubmit = submitSpy();
    renderForm(onSubmit);
    type('Name', '  Jane Doe  ');
    type('Note', 'only for the screen');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0]?.[0] ?? {};
    expect(values.name).toBe('Jane Doe');
    expect(values).not.toHaveProperty('note');
    expect(values.images_deleted).toEqual([]);
    expect(success).toHaveBeenCalledWith('Updated successfully');
  });

  it('says "Created successfully" for a new record', async () => {
    const success = vi.spyOn(notify, 'success');
    renderForm(async () => undefined, 'create');
    type('Name', 'Jane');
    save();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Created successfully'));
  });

  it('shows a related field only while its relation holds, and checks it only then', async () => {
    const onSubmit = submitSpy();
    renderForm(onSubmit);
    expect(screen.queryByLabelText('Website', { exact: false })).toBeNull();
    expect(screen.getByText('Tick the box to add a site')).toBeTruthy();
    type('Name', 'Jane');
    type('Name', 'Jane');
    fireEvent.click(screen.getByLabelText('Has a site'));
    expect(screen.getByLabelText('Website', { exact: false })).toBeTruthy();
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    type('Website', 'not a site');
    save();
    expect(await screen.findByText('This field must be a url.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Has a site'));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('website');
  });

  it('adds ranges up to maxCount and marks repeated values "Field must be unique"', async () => {
    const onSubmit = submitSpy();
    renderForm(onSubmit);
    const add = screen.getByRole('button', { name: 'Add a Range' });
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(screen.getAllByTestId('inner-block')).toHaveLength(2));
    expect((add as HTMLButtonElement).disabled).toBe(true);
    type('Name', 'Jane');
    const froms = screen.getAllByLabelText('From', { exact: false });
    fireEvent.change(froms[0] as HTMLElement, { target: { value: '10' } });
    fireEvent.change(froms[1] as HTMLElement, { target: { value: ' 10 ' } });
    save();
    const second = screen.getAllByTestId('inner-block')[1] as HTMLElement;
    expect(await within(second).findByText('Field must be unique')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(within(second).getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('names each block by its title field, or by one item and its place while that is empty', async () => {
    const linkSchema = z.object({ links: z.array(z.object({ label: text(), url: text() })) });
    const linkFields: FormItem<z.input<typeof linkSchema>>[] = [
      { type: 'block', name: 'links', label: 'Links', itemLabel: 'Link', titleField: 'label', maxCount: 3, newItem: { label: '', url: '' }, fields: [
        { name: 'label', label: 'Link text', type: 'text', row: 1 },
        { name: 'url', label: 'Address', type: 'text', row: 1 },
      ] },
    ];
    render(
      <AppProvider>
        <DynamicForm schema={linkSchema} fields={linkFields} defaultValues={{ links: [{ label: 'Getting started', url: '/a' }] }} mode="update" onSubmit={submitSpy()} />
      </AppProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a Range' }));
    const blocks = await waitFor(() => {
      const all = screen.getAllByTestId('inner-block');
      expect(all).toHaveLength(2);
      return all;
    });
    expect(within(blocks[0] as HTMLElement).getByText('Getting started')).toBeTruthy();
    expect(within(blocks[1] as HTMLElement).getByText('Link 2')).toBeTruthy();
    expect(screen.queryByText('Links 1')).toBeNull();
    expect(within(blocks[0] as HTMLElement).getByRole('button', { name: 'Remove Getting started' })).toBeTruthy();
  });

  it('reports a removed stored image in <name>_deleted', async () => {
    const onSubmit = submitSpy();
    renderForm(onSubmit);
    type('Name', 'Jane');
    fireEvent.click(screen.getByRole('button', { name: 'Remove old-banner.png' }));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0]?.[0] ?? {};
    expect(values.images).toEqual([]);
    expect(values.images_deleted).toEqual([stored.uuid]);
  });

  it('puts server field errors on the named fields and shows the server message', async () => {
    const error = vi.spyOn(notify, 'error');
    renderForm(async () => {
      throw Object.assign(new Error('The given data was invalid.'), { code: 'validation_failed', errors: { name: ['This name is already taken'], 'ranges.0.from': ['x'] } });
    });
    type('Name', 'Jane');
    save();
    expect(await screen.findByText('This name is already taken')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('The given data was invalid.');
  });

  it('says "Save failure!" when the failure has no server message', async () => {
    const error = vi.spyOn(notify, 'error');
    renderForm(async () => {
      throw new TypeError('boom');
    });
    type('Name', 'Jane');
    save();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Save failure!'));
  });

  it('refuses, at compile time, a definition naming a field the schema lacks', () => {
    // @ts-expect-error 'nickname' is not a field of the schema
    const wrong: FormItem<Input> = { name: 'nickname', label: 'Nickname', type: 'text' };
    // @ts-expect-error 'upto' is not a field of a range
    const wrongInner: FormItem<Input> = { type: 'block', name: 'ranges', label: 'R', maxCount: 1, newItem: { from: '', to: '' }, fields: [{ name: 'upto', label: 'x', type: 'text' }] };
    expect([wrong, wrongInner]).toHaveLength(2);
  });
});
