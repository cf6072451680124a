import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';

export interface MoneyPoint {
  /** Calendar day in the network's time zone, YYYY-MM-DD. */
  date: string;
  revenue: number;
  cost: number;
  margin: number;
}

export interface MoneyChartProps {
  points: readonly MoneyPoint[];
  /** Translated series names and the chart's accessible name. */
  labels: { revenue: string; cost: string; margin: string; title: string };
  height?: number;
}

const PAD = { top: 16, right: 16, bottom: 28, left: 56 };

/** Round steps covering `min`..`max` (0 always included, so a loss shows below the line). */
function ticks(min: number, max: number): number[] {
  const span = Math.max(max, 0) - Math.min(min, 0);
  if (span <= 0) return [0, 1];
  const raw = span / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.floor(Math.min(min, 0) / step) * step; v < Math.max(max, 0) + step; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1, style: 'currency', currency: 'USD' });

/**
 * The network's revenue, cost and margin per day (dollars, one axis; a negative margin dips below zero).
 * Drawn like the daily chart (a small SVG with a hover readout), and loaded lazily with the staff dashboard.
 */
export function MoneyChart({ points, labels, height = 240 }: MoneyChartProps) {
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [hover, setHover] = useState<number>();

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || 600);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.floor(entry?.contentRect.width ?? 600))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const innerW = Math.max(10, width - PAD.left - PAD.right);
  const innerH = height - PAD.top - PAD.bottom;
  const values = points.flatMap((p) => [p.revenue, p.cost, p.margin]);
  const yTicks = ticks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = yTicks[0] ?? 0;
  const hi = yTicks.at(-1) ?? 1;
  const n = Math.max(1, points.length);
  const slot = innerW / n;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const y = (v: number) => PAD.top + innerH - ((v - lo) / (hi - lo || 1)) * innerH;
  const every = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(innerW / 70))));
  const series = [
    { key: 'revenue' as const, color: theme.palette.primary.main, label: labels.revenue },
    { key: 'cost' as const, color: theme.palette.warning.main, label: labels.cost },
    { key: 'margin' as const, color: theme.palette.success.main, label: labels.margin },
  ];
  const path = (key: 'revenue' | 'cost' | 'margin') => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ');
  const axis = theme.palette.text.secondary;
  const grid = theme.palette.divider;
  const shown = hover === undefined ? undefined : points[hover];

  const onMove = (event: React.MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const i = Math.floor((event.clientX - box.left - PAD.left) / slot);
    setHover(i >= 0 && i < points.length ? i : undefined);
  };

  return (
    <Box ref={ref} sx={{ position: 'relative', width: '100%', minWidth: 0 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }} aria-hidden>
        {series.map((s) => (
          <Stack key={s.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 3, bgcolor: s.color, borderRadius: 0.5 }} />
            <Typography variant="caption" color="text.secondary">
              {s.label}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <svg width={width} height={height} role="img" aria-label={labels.title} onMouseMove={onMove} onMouseLeave={() => setHover(undefined)} style={{ display: 'block', maxWidth: '100%' }}>
        {yTicks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={PAD.left + innerW} y1={y(v)} y2={y(v)} stroke={grid} strokeWidth={v === 0 ? 1.5 : 1} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill={axis}>
              {compact.format(v)}
            </text>
          </g>
        ))}
        {shown ? <rect x={PAD.left + slot * (hover ?? 0)} y={PAD.top} width={slot} height={innerH} fill={theme.palette.action.hover} /> : null}
        {points.length > 1 ? series.map((s) => <path key={s.key} d={path(s.key)} fill="none" stroke={s.color} strokeWidth={2} />) : null}
        {series.map((s) => points.map((p, i) => <circle key={`${s.key}${p.date}`} cx={x(i)} cy={y(p[s.key])} r={hover === i ? 4 : 2} fill={s.color} />))}
        {points.map((p, i) =>
          i % every === 0 ? (
            <text key={`x${p.date}`} x={x(i)} y={height - 8} textAnchor="middle" fontSize={11} fill={axis}>
              {dayjs(p.date).format('MMM D')}
            </text>
          ) : null,
        )}
      </svg>
      {shown ? (
        <Paper
          elevation={6}
          sx={{ position: 'absolute', top: 36, left: Math.min(Math.max(0, x(hover ?? 0) - 80), Math.max(0, width - 180)), px: 1.5, py: 1, pointerEvents: 'none', minWidth: 170 }}
        >
          <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
            {dayjs(shown.date).format('MMM D, YYYY')}
          </Typography>
          {series.map((s) => (
            <Typography key={s.key} variant="caption" component="p">
              {s.label}: {formatMoney(shown[s.key])}
            </Typography>
          ))}
        </Paper>
      ) : null}
    </Box>
  );
}

export default MoneyChart;
