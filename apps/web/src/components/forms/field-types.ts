import type { EditorFeature, UploadRule } from '@portal/contracts';
import type { HTMLAttributes } from 'react';
import type { ArrayPath, FieldArray, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'email'
  | 'url'
  | 'password'
  | 'select'
  | 'multiselect'
  | 'date'
  | 'checkbox'
  | 'editor'
  | 'file'
  | 'files';

/** How `relationValue` is compared with the related field's value (default 'equals', or 'in' for a list). */
export type RelationCriteria = 'equals' | 'notEquals' | 'in' | 'notIn' | 'filled' | 'empty';

export interface SelectOption {
  value: string | number;
  /** Shown text, already translated (options usually come from the API). */
  label: string;
}

/**
 * One field of a dynamic form (SPEC.md section 3, form field definition). Texts (`label`,
 * `relationText`, `hint`) are i18n keys. `name` and `relation` must be paths of the form's
 * values, so a definition naming a field the schema lacks does not compile.
 */
export interface FieldDef<V extends FieldValues> {
  name: Path<V>;
  label: string;
  type: FieldType;
  /** Marks the field and requires a filled value while it is shown (zero counts as filled). */
  required?: boolean;
  /** Extra checks of this field's value, run after the form schema while the field is shown. */
  rules?: readonly z.ZodType[];
  /** Fields with the same row number sit side by side from the tablet breakpoint up. */
  row?: number;
  /** Text before and after the input, e.g. '$' or '%'. */
  prefix?: string;
  suffix?: string;
  /** Bounds: the value for numbers, the length for text, the file count for 'files'. */
  min?: number;
  max?: number;
  /** Upload rule for 'file' and 'files' (default: images, 2 MB). */
  accept?: UploadRule;
  /** Name of the field whose value shows or hides this one. */
  relation?: Path<V>;
  relationValue?: unknown;
  relationCriteria?: RelationCriteria;
  /** i18n key of a note shown in place of the field while its relation hides it. */
  relationText?: string;
  disabled?: boolean;
  /** Element id of the input, when the default `field-<name>` would clash (two forms on a page). */
  otherId?: string;
  /** Not shown, but its value is submitted (ids). */
  hidden?: boolean;
  /** Shown only when it has a value (read-only facts such as a creation date). */
  hideIfEmpty?: boolean;
  /** false: shown and validated, but left out of what is saved. */
  save?: boolean;
  /** Rich-text features offered by an 'editor' field (default: all of SPEC.md section 9). */
  formats?: readonly EditorFeature[];
  /** Offers a button that empties the field. */
  clearable?: boolean;
  /** The input's autocomplete attribute (`email`, `new-password`, `off`…). */
  autocomplete?: string;
  /** Choices of 'select' and 'multiselect'. */
  options?: readonly SelectOption[];
  /** 'select' and 'multiselect': offer the "Exact word match" switch for the search. */
  exactMatch?: boolean;
  /** Upload: show the requirement in a popup instead of the short alert. */
  requirementPopup?: boolean;
  /** 'checkbox': links inside its label, by the tag the label's text wraps them in (`<terms>…</terms>`), opened in a new tab. */
  labelLinks?: Record<string, string>;
  /** i18n key of a helper text under the field. */
  hint?: string;
  /** i18n key of a section heading drawn above the field's row (long forms such as sign-up). */
  heading?: string;
  /** Text-like inputs: focus the field when the form opens (the one field of a code entry). */
  autoFocus?: boolean;
  /** Text-like inputs: the keyboard a touch screen offers (`numeric` for a code). */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** Inner blocks: a repeatable group of fields (ranges, custom payouts). */
/** The values of one inner block. */
export type BlockItem<V extends FieldValues, K extends ArrayPath<V>> = FieldArray<V, K> extends FieldValues ? FieldArray<V, K> : never;

export interface BlockDef<V extends FieldValues, K extends ArrayPath<V> = ArrayPath<V>> {
  type: 'block';
  name: K;
  label: string;
  fields: readonly FieldDef<BlockItem<V, K>>[];
  /** Fewest blocks: remove buttons disappear at this count (default 0). */
  min?: number;
  /** Most blocks: "Add a Range" stops here. */
  maxCount: number;
  /** Inner field names whose values must differ between blocks. */
  mustBeUnique?: readonly Path<BlockItem<V, K>>[];
  /** A new block's values. */
  newItem: FieldArray<V, K>;
  /** One block's name (a text key, "Link"): an untitled block reads "Link 2", not "Links 2". */
  itemLabel?: string;
  /** The inner field whose value titles its block ("Getting started"), once it is filled. */
  titleField?: Path<BlockItem<V, K>>;
  relation?: Path<V>;
  relationValue?: unknown;
  relationCriteria?: RelationCriteria;
  row?: number;
}

export type FormItem<V extends FieldValues> = FieldDef<V> | { [K in ArrayPath<V>]: BlockDef<V, K> }[ArrayPath<V>];

export const isBlock = <V extends FieldValues>(item: FormItem<V>): item is Extract<FormItem<V>, { type: 'block' }> => item.type === 'block';
