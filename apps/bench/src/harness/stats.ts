export interface Summary {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function summarize(samples: number[]): Summary | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, samples };
}

/** mcpkit's median divided by another implementation's median, when both exist. */
export function ratio(mine: Summary | undefined, theirs: Summary | undefined): number | undefined {
  if (!mine || !theirs || theirs.median === 0) return undefined;
  return mine.median / theirs.median;
}
