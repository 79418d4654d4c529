/** Names of annotated screenshots on disk. */
import path from 'node:path';

/** File name for an input's screenshot in --screenshot-dir: its base name without HTML suffixes, made safe. */
export function screenshotName(label: string, index: number): string {
  const base = path.basename(label.replace(/[?#].*$/, '').replace(/\/+$/, '')) || `page-${index + 1}`;
  const stem = base.replace(/\.(x?html?)(\.gz)?$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return `${String(index + 1).padStart(4, '0')}-${stem || 'page'}.png`;
}
