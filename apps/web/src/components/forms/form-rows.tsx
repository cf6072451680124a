import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isBlank } from '@portal/contracts';
import { Fragment } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from './field-types.ts';
import { FormField } from './form-field.tsx';
import { layoutRows } from './form-layout.ts';
import { isShown, valueAt } from './relations.ts';

interface Props {
  control: Control<FieldValues>;
  defs: readonly FieldDef<FieldValues>[];
  /** Path prefix of these fields ('' at the top, `ranges.0.` inside a block). */
  prefix: string;
  /** The values these fields' names and relations are relative to. */
  values: FieldValues;
}

/** Fields laid out in rows, with relations, hidden, hideIfEmpty and section headings applied. */
export function FormRows({ control, defs, prefix, values }: Props) {
  const { t } = useTranslation();
  const rows = layoutRows(defs.filter((d) => !d.hidden && !(d.hideIfEmpty && isBlank(valueAt(values, d.name)))));
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {rows.map((row) => {
        const cells = row.flatMap((def) => {
          if (isShown(def, values, defs)) return [<FormField key={def.name} def={def} name={`${prefix}${def.name}`} control={control} />];
          return def.relationText
            ? [
                <Typography key={def.name} variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                  {t(def.relationText)}
                </Typography>,
              ]
            : [];
        });
        if (cells.length === 0) return undefined;
        const heading = row.find((def) => def.heading)?.heading;
        return (
          <Fragment key={row[0]?.name}>
            {heading ? (
              <Typography variant="h6" component="h2">
                {t(heading)}
              </Typography>
            ) : undefined}
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `repeat(${cells.length}, minmax(0, 1fr))` } }}>{cells}</Box>
          </Fragment>
        );
      })}
    </Box>
  );
}
