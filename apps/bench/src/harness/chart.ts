// The bench's chart (reports/bench.svg): for every throughput workload (higher is better), each
// SDK's median as a ratio of the raw baseline's median, with a whisker from the SDK's slowest to
// its fastest round (each also divided by raw's median). Hand-written SVG: no dependency, and
// the same report always gives the same bytes, so a committed copy only changes with the figures.

/** The part of the JSON report (`buildReport`) the chart reads. */
export interface ChartReport {
  mode: string;
  environment: { node: string };
  workloads: {
    name: string;
    unit: string;
    better: 'higher' | 'lower';
    implementations: Record<string, { median?: number; min?: number; max?: number }>;
  }[];
}

/** The SDKs drawn, in order, with their bar colours (raw is the 1.0 line). */
export const CHART_SERIES = [
  { impl: 'mcpkit', label: 'mcpkit', colour: '#2563eb' },
  { impl: 'official-v2', label: 'official SDK v2', colour: '#f59e0b' },
  { impl: 'official-v1', label: 'official SDK v1', colour: '#9ca3af' },
] as const;

const BAR = 12;
const BAR_GAP = 3;
const GROUP_GAP = 14;
const LABEL_WIDTH = 330;
const PLOT_WIDTH = 520;
const VALUE_WIDTH = 60;
const TOP = 64;
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';

interface Bar {
  label: string;
  colour: string;
  ratio: number;
  low: number;
  high: number;
}

interface Group {
  workload: string;
  bars: Bar[];
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

/** Fixed-precision numbers keep the output byte-stable. */
const n = (value: number) => Number(value.toFixed(1)).toString();

function groupsOf(report: ChartReport): Group[] {
  const groups: Group[] = [];
  for (const workload of report.workloads) {
    const raw = workload.implementations.raw?.median;
    if (workload.better !== 'higher' || raw === undefined || raw <= 0) continue;
    const bars: Bar[] = [];
    for (const series of CHART_SERIES) {
      const figures = workload.implementations[series.impl];
      if (figures?.median === undefined) continue;
      bars.push({
        label: series.label,
        colour: series.colour,
        ratio: figures.median / raw,
        low: (figures.min ?? figures.median) / raw,
        high: (figures.max ?? figures.median) / raw,
      });
    }
    if (bars.length > 0) groups.push({ workload: workload.name, bars });
  }
  return groups;
}

/** The scale's end: the largest whisker rounded up to a half, at least 1.5 so raw's line stands clear. */
function scaleEnd(groups: Group[]): number {
  const largest = Math.max(...groups.flatMap((group) => group.bars.map((bar) => bar.high)));
  return Math.max(1.5, Math.ceil(largest * 2) / 2);
}

/** Renders the chart of one report as a standalone SVG document. */
export function renderChart(report: ChartReport): string {
  const groups = groupsOf(report);
  const end = scaleEnd(groups);
  const x = (ratio: number) => LABEL_WIDTH + (ratio / end) * PLOT_WIDTH;
  const groupHeight = (group: Group) => group.bars.length * (BAR + BAR_GAP) - BAR_GAP;
  const plotHeight = groups.reduce((sum, group) => sum + groupHeight(group) + GROUP_GAP, 0);
  const width = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH;
  const height = TOP + Math.max(plotHeight, GROUP_GAP) + 30;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${n(height)}" viewBox="0 0 ${width} ${n(height)}" ${FONT} font-size="12">`,
    `<title>Throughput as a ratio of raw, Node ${escapeXml(report.environment.node)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="8" y="20" font-size="14" font-weight="bold">Throughput as a ratio of raw (1.0 = raw; whiskers: min-max over rounds)</text>`,
    `<text x="8" y="38" fill="#4b5563">Node ${escapeXml(report.environment.node)}, ${escapeXml(report.mode)} run; higher is better</text>`,
  );
  // Legend: the SDKs that have a bar.
  const drawn = CHART_SERIES.filter((series) =>
    groups.some((group) => group.bars.some((bar) => bar.label === series.label)),
  );
  drawn.forEach((series, index) => {
    const left = LABEL_WIDTH + index * 150;
    out.push(
      `<rect x="${left}" y="44" width="10" height="10" fill="${series.colour}"/>`,
      `<text x="${left + 14}" y="53">${escapeXml(series.label)}</text>`,
    );
  });
  // Grid: a line every half (every whole past 4), raw's 1.0 drawn darker.
  const step = end > 4 ? 1 : 0.5;
  for (let tick = 0; tick <= end + 1e-9; tick += step) {
    const tx = n(x(tick));
    const isRaw = Math.abs(tick - 1) < 1e-9;
    out.push(
      `<line x1="${tx}" y1="${TOP - 4}" x2="${tx}" y2="${n(TOP + plotHeight)}" stroke="${isRaw ? '#111827' : '#e5e7eb'}" stroke-width="${isRaw ? 1.5 : 1}"/>`,
      `<text x="${tx}" y="${n(TOP + plotHeight + 14)}" text-anchor="middle" fill="#4b5563">${n(tick)}${isRaw ? ' (raw)' : ''}</text>`,
    );
  }
  let y = TOP;
  for (const group of groups) {
    out.push(
      `<text x="${LABEL_WIDTH - 8}" y="${n(y + groupHeight(group) / 2 + 4)}" text-anchor="end">${escapeXml(group.workload)}</text>`,
    );
    for (const bar of group.bars) {
      const mid = y + BAR / 2;
      out.push(
        `<g class="bar" data-workload="${escapeXml(group.workload)}" data-sdk="${escapeXml(bar.label)}">`,
        `<title>${escapeXml(`${group.workload}, ${bar.label}: ${bar.ratio.toFixed(2)}x raw (${bar.low.toFixed(2)}-${bar.high.toFixed(2)})`)}</title>`,
        `<rect x="${LABEL_WIDTH}" y="${n(y)}" width="${n(x(bar.ratio) - LABEL_WIDTH)}" height="${BAR}" fill="${bar.colour}"/>`,
        `<line x1="${n(x(bar.low))}" y1="${n(mid)}" x2="${n(x(bar.high))}" y2="${n(mid)}" stroke="#111827"/>`,
        `<line x1="${n(x(bar.low))}" y1="${n(y + 2)}" x2="${n(x(bar.low))}" y2="${n(y + BAR - 2)}" stroke="#111827"/>`,
        `<line x1="${n(x(bar.high))}" y1="${n(y + 2)}" x2="${n(x(bar.high))}" y2="${n(y + BAR - 2)}" stroke="#111827"/>`,
        `<text x="${n(x(Math.max(bar.high, bar.ratio)) + 4)}" y="${n(mid + 4)}" font-size="10" fill="#374151">${bar.ratio.toFixed(2)}x</text>`,
        `</g>`,
      );
      y += BAR + BAR_GAP;
    }
    y += GROUP_GAP - BAR_GAP;
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
