import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { EditorFeature } from '@portal/contracts';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId } from 'react';
import { editorExtensions } from './editor-extensions.ts';
import { RichTextToolbar } from './rich-text-toolbar.tsx';

export interface RichTextEditorProps {
  label: string;
  value: string | null | undefined;
  /** HTML, or '' when the editor is empty. */
  onChange: (html: string) => void;
  formats?: readonly EditorFeature[];
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
  id?: string;
  onBlur?: () => void;
}

/** Rich-text editor on Tiptap with exactly the SPEC.md section 9 features; the server sanitises its HTML again. */
export function RichTextEditor({ label, value, onChange, formats, disabled, required, error, helperText, id, onBlur }: RichTextEditorProps) {
  const generatedId = useId();
  const labelId = `${id ?? generatedId}-label`;
  const editor = useEditor({
    extensions: editorExtensions,
    content: value ?? '',
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A form reset or a loaded record replaces the content without counting as an edit.
  useEffect(() => {
    const html = value ?? '';
    if (editor.isEmpty ? html !== '' : html !== editor.getHTML()) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Box sx={{ minWidth: 0 }}>
      <FormLabel id={labelId} required={required} error={Boolean(error)} sx={{ display: 'block', mb: 0.75, fontSize: 14 }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main' },
          '& .tiptap': { minHeight: 140, p: 1.5, outline: 'none', overflowWrap: 'anywhere' },
          '& .tiptap p': { my: 0.5 },
          '& .tiptap h1, & .tiptap h2, & .tiptap h3': { mt: 1, mb: 0.5, lineHeight: 1.25 },
          '& .tiptap h1': { fontSize: '1.75rem' },
          '& .tiptap h2': { fontSize: '1.4rem' },
          '& .tiptap h3': { fontSize: '1.15rem' },
          '& .tiptap a': { color: 'secondary.main' },
        }}
      >
        <RichTextToolbar editor={editor} formats={formats} disabled={disabled} />
        <EditorContent editor={editor} />
      </Box>
      {error || helperText ? <FormHelperText error={Boolean(error)}>{error ?? helperText}</FormHelperText> : undefined}
    </Box>
  );
}
