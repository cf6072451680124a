import { Color, TextStyle } from '@tiptap/extension-text-style';
import { TextAlign } from '@tiptap/extension-text-align';
import type { AnyExtension } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * The editor's schema: exactly the features of SPEC.md section 9 plus the palette colour.
 * StarterKit extras the product does not offer are switched off, so pasted content cannot
 * bring them in either (the server's sanitiser keeps the same list).
 */
export const editorExtensions = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    underline: false,
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['ftp'],
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
    },
  }),
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
  TextStyle,
  Color,
  // text-align and text-style are installed at 3.32 beside a 3.34 core: same shape, two type
  // identities. Drop the cast once apps/web/package.json lifts them to the core's version.
] as unknown as AnyExtension[];

// The commands of those two extensions, declared on the core the editor really uses (same reason).
declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    portalTextAlignAndColor: {
      setTextAlign: (alignment: 'left' | 'center' | 'right' | 'justify') => ReturnType;
      unsetTextAlign: () => ReturnType;
      setColor: (color: string) => ReturnType;
      unsetColor: () => ReturnType;
    };
  }
}
