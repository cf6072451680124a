import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef, useState } from 'react';

export interface DailyPoint {
  /** Calendar day in the network's time zone, YYYY-MM-DD. */
  date: string;
  clicks: number;
  conversions: number;
}

export interface DailyChartProps {
  points: readonly DailyPoint[];
  /** Translated series names and the chart's accessible name. */
  labels: { clicks: string; conversions: string; title: string };
  height?: number;
}

const PAD = { top: 16, right: 44, bottom: 28, left: 48 };

/** Up to 4 round steps from 0 that cover `max`. */
function ticks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v < max + step; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US');
/** A calendar day as "MMM D, YYYY" (no time zone shift: the API's days are already Los Angeles days). */
const dayLabel = (d: string) => dayjs(d).format('MMM D, YYYY');

/**
 * Clicks (bars, left axis) and conversions (line, right axis) per day. A small SVG drawing instead of a chart
 * library: the page needs two series and a hover readout, and this module is loaded lazily (docs/tracking-web.md).
 */
export function DailyChart({ points, labels, height = 260 }: DailyChartProps) {
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
  const clickTicks = ticks(Math.max(0, ...points.map((p) => p.clicks)));
  const convTicks = ticks(Math.max(0, ...points.map((p) => p.conversions)));
  const clickMax = clickTicks.at(-1) ?? 1;
  const convMax = convTicks.at(-1) ?? 1;
  const n = Math.max(1, points.length);
  const slot = innerW / n;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yClicks = (v: number) => PAD.top + innerH - (v / clickMax) * innerH;
  const yConv = (v: number) => PAD.top + innerH - (v / convMax) * innerH;
  const every = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(innerW / 70))));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yConv(p.conversions).toFixed(1)}`).join(' ');
  const clickColor = theme.palette.primary.main;
  const convColor = theme.palette.secondary.main;
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
        <Legend color={clickColor} text={labels.clicks} />
        <Legend color={convColor} text={labels.conversions} line />
      </Stack>
      <svg width={width} height={height} role="img" aria-label={labels.title} onMouseMove={onMove} onMouseLeave={() => setHover(undefined)} style={{ display: 'block', maxWidth: '100%' }}>
        {clickTicks.map((v) => (
          <g key={`c${v}`}>
            <line x1={PAD.left} x2={PAD.left + innerW} y1={yClicks(v)} y2={yClicks(v)} stroke={grid} />
            <text x={PAD.left - 6} y={yClicks(v) + 4} textAnchor="end" fontSize={11} fill={axis}>
              {compact.format(v)}
            </text>
          </g>
        ))}
        {convTicks.map((v) => (
          <text key={`v${v}`} x={PAD.left + innerW + 6} y={yConv(v) + 4} fontSize={11} fill={convColor}>
            {compact.format(v)}
          </text>
        ))}
        {shown ? <rect x={PAD.left + slot * (hover ?? 0)} y={PAD.top} width={slot} height={innerH} fill={theme.palette.action.hover} /> : null}
        {points.map((p, i) => (
          <rect key={p.date} x={x(i) - Math.max(1, slot * 0.35)} width={Math.max(2, slot * 0.7)} y={yClicks(p.clicks)} height={Math.max(0, PAD.top + innerH - yClicks(p.clicks))} fill={clickColor} opacity={0.75} rx={2} />
        ))}
        {points.length > 1 ? <path d={line} fill="none" stroke={convColor} strokeWidth={2} /> : null}
        {points.map((p, i) => (
          <circle key={`p${p.date}`} cx={x(i)} cy={yConv(p.conversions)} r={hover === i ? 4 : 2.5} fill={convColor} />
        ))}
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
          sx={{ position: 'absolute', top: 36, left: Math.min(Math.max(0, x(hover ?? 0) - 80), Math.max(0, width - 170)), px: 1.5, py: 1, pointerEvents: 'none', minWidth: 160 }}
        >
          <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
            {dayLabel(shown.date)}
          </Typography>
          <Typography variant="caption" component="p">
            {labels.clicks}: {whole.format(shown.clicks)}
          </Typography>
          <Typography variant="caption" component="p">
            {labels.conversions}: {whole.format(shown.conversions)}
          </Typography>
        </Paper>
      ) : null}
    </Box>
  );
}

function Legend({ color, text, line = false }: { color: string; text: string; line?: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 14, height: line ? 3 : 10, bgcolor: color, borderRadius: 0.5 }} />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}

export default DailyChart;
