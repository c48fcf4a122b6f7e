import type { MatrixCell, Verdict } from '../client-mode/report-types.js';

// A self-contained HTML page of the matrix as a colour grid (servers down, clients across). The
// harness core's report renderer supersedes this once it draws matrices; until then the matrix
// test writes this page.

const COLOURS: Record<Verdict, string> = { pass: '#2e7d32', fail: '#c62828', 'not-applicable': '#757575' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function uniqueInOrder(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export function renderMatrixHtml(
  cells: readonly MatrixCell[],
  options: { title?: string; startedAt?: string } = {},
): string {
  const title = options.title ?? 'mcpkit-conformance interop matrix';
  const servers = uniqueInOrder(cells.map((cell) => cell.server));
  const clients = uniqueInOrder(cells.map((cell) => cell.client));
  const cellOf = (server: string, client: string) =>
    cells.find((cell) => cell.server === server && cell.client === client);
  const header = clients.map((client) => `<th>${escapeHtml(client)}</th>`).join('');
  const rows = servers
    .map((server) => {
      const tds = clients
        .map((client) => {
          const cell = cellOf(server, client);
          if (cell === undefined) return '<td class="empty">–</td>';
          const label = `${cell.verdict} (${cell.passed}✓ ${cell.failed}✗ ${cell.notApplicable}–)`;
          return `<td style="background:${COLOURS[cell.verdict]}" title="${escapeHtml(cell.detail ?? '')}">${escapeHtml(label)}</td>`;
        })
        .join('');
      return `<tr><th scope="row">${escapeHtml(server)}</th>${tds}</tr>`;
    })
    .join('\n');
  const failed = cells.filter((cell) => cell.verdict === 'fail');
  const failures = failed.length
    ? `<h2>Failures</h2><ul>${failed.map((cell) => `<li><b>${escapeHtml(cell.server)} × ${escapeHtml(cell.client)}</b>: ${escapeHtml(cell.detail ?? '')}</li>`).join('')}</ul>`
    : '';
  const summary = `${cells.filter((cell) => cell.verdict === 'pass').length} passed, ${failed.length} failed, ${cells.filter((cell) => cell.verdict === 'not-applicable').length} not applicable`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:.4rem .7rem;text-align:left}
td{color:#fff;font-weight:600}
td.empty{color:#999;background:#f5f5f5}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(options.startedAt ? `Run at ${options.startedAt}. ` : '')}${escapeHtml(summary)}. Hover a cell for its steps.</p>
<table><thead><tr><th>server \\ client</th>${header}</tr></thead>
<tbody>
${rows}
</tbody></table>
${failures}
</body></html>
`;
}
