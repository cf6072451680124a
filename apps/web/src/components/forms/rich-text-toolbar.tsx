import FormatAlignCenter from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustify from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeft from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRight from '@mui/icons-material/FormatAlignRight';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatClear from '@mui/icons-material/FormatClear';
import FormatColorText from '@mui/icons-material/FormatColorText';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Notes from '@mui/icons-material/Notes';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import WrapText from '@mui/icons-material/WrapText';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EDITOR_FEATURES, EDITOR_PALETTE, type EditorFeature } from '@portal/contracts';
import type { Editor } from '@tiptap/react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UrlEntryDialog } from './url-entry-dialog.tsx';

// "H1" is drawn like an icon (generated content, not text), so the button's name is its label ("Heading 1") alone.
const heading = (level: 1 | 2 | 3) => (
  <Typography component="span" aria-hidden sx={{ fontWeight: 800, fontSize: 13, lineHeight: 1, width: 24, '&::before': { content: `"H${level}"` } }} />
);

interface Tool {
  icon: ReactNode;
  run: (e: Editor) => void;
  active?: (e: Editor) => boolean;
  enabled?: (e: Editor) => boolean;
}

const tools: Record<Exclude<EditorFeature, 'link'>, Tool> = {
  bold: { icon: <FormatBold />, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  italic: { icon: <FormatItalic />, run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  strike: { icon: <FormatStrikethrough />, run: (e) => e.chain().focus().toggleStrike().run(), active: (e) => e.isActive('strike') },
  heading1: { icon: heading(1), run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(), active: (e) => e.isActive('heading', { level: 1 }) },
  heading2: { icon: heading(2), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }) },
  heading3: { icon: heading(3), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }) },
  paragraph: { icon: <Notes />, run: (e) => e.chain().focus().setParagraph().run(), active: (e) => e.isActive('paragraph') },
  bulletList: { icon: <FormatListBulleted />, run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  orderedList: { icon: <FormatListNumbered />, run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  alignLeft: { icon: <FormatAlignLeft />, run: (e) => e.chain().focus().setTextAlign('left').run(), active: (e) => e.isActive({ textAlign: 'left' }) },
  alignCenter: { icon: <FormatAlignCenter />, run: (e) => e.chain().focus().setTextAlign('center').run(), active: (e) => e.isActive({ textAlign: 'center' }) },
  alignRight: { icon: <FormatAlignRight />, run: (e) => e.chain().focus().setTextAlign('right').run(), active: (e) => e.isActive({ textAlign: 'right' }) },
  alignJustify: { icon: <FormatAlignJustify />, run: (e) => e.chain().focus().setTextAlign('justify').run(), active: (e) => e.isActive({ textAlign: 'justify' }) },
  hardBreak: { icon: <WrapText />, run: (e) => e.chain().focus().setHardBreak().run() },
  unlink: { icon: <LinkOff />, run: (e) => e.chain().focus().extendMarkRange('link').unsetLink().run(), enabled: (e) => e.isActive('link') },
  clearFormat: { icon: <FormatClear />, run: (e) => e.chain().focus().unsetAllMarks().clearNodes().unsetTextAlign().run() },
  undo: { icon: <Undo />, run: (e) => e.chain().focus().undo().run(), enabled: (e) => e.can().undo() },
  redo: { icon: <Redo />, run: (e) => e.chain().focus().redo().run(), enabled: (e) => e.can().redo() },
};

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: (e: MouseEvent<HTMLElement>) => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} aria-pressed={active ?? undefined} disabled={disabled} onClick={onClick} color={active ? 'primary' : 'default'}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Toolbar of the rich-text editor: the SPEC.md section 9 features (or a subset) and the 8-colour palette. */
export function RichTextToolbar({ editor, formats = EDITOR_FEATURES, disabled }: { editor: Editor; formats?: readonly EditorFeature[]; disabled?: boolean }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [paletteAnchor, setPaletteAnchor] = useState<HTMLElement | null>(null);
  const currentHref = (editor.getAttributes('link').href as string | undefined) ?? '';

  function applyLink(href: string) {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '') chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
  }

  return (
    <Box role="toolbar" aria-label={t('forms.editor.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      {EDITOR_FEATURES.filter((f) => formats.includes(f)).map((feature) =>
        feature === 'link' ? (
          <ToolButton key={feature} label={t('forms.editor.link')} active={editor.isActive('link')} disabled={disabled} onClick={() => setLinkOpen(true)}>
            <InsertLink />
          </ToolButton>
        ) : (
          <ToolButton
            key={feature}
            label={t(`forms.editor.${feature}`)}
            active={tools[feature].active?.(editor)}
            disabled={disabled || (tools[feature].enabled ? !tools[feature].enabled(editor) : false)}
            onClick={() => tools[feature].run(editor)}
          >
            {tools[feature].icon}
          </ToolButton>
        ),
      )}
      <ToolButton label={t('forms.editor.color')} disabled={disabled} onClick={(e) => setPaletteAnchor(e.currentTarget)}>
        <FormatColorText sx={{ color: (editor.getAttributes('textStyle').color as string | undefined) ?? 'inherit' }} />
      </ToolButton>
      <Popover open={Boolean(paletteAnchor)} anchorEl={paletteAnchor} onClose={() => setPaletteAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 32px)', gap: 1, p: 1.5 }}>
          {EDITOR_PALETTE.map((color) => (
            <IconButton
              key={color}
              aria-label={t('forms.editor.colorSwatch', { color })}
              onClick={() => {
                editor.chain().focus().setColor(color).run();
                setPaletteAnchor(null);
              }}
              sx={{ width: 32, height: 32, bgcolor: color, border: 2, borderColor: 'divider', '&:hover': { bgcolor: color, opacity: 0.85 } }}
            />
          ))}
        </Box>
      </Popover>
      <UrlEntryDialog open={linkOpen} initialValue={currentHref} removable={currentHref !== ''} onClose={() => setLinkOpen(false)} onSave={applyLink} />
    </Box>
  );
}
