import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The documents a newcomer reads: README, docs/, the bench and deployment READMEs, the style guide. */
const DOCUMENTS = [
  'README.md',
  'CODE_STYLE.md',
  ...fs.readdirSync(path.join(root, 'docs')).map((name) => `docs/${name}`),
  'bench/README.md',
  'deploy/README.md',
].filter((file) => file.endsWith('.md'));

/** Variables named in the first cell of the README's configuration table. */
function readmeVariables(): Set<string> {
  const readme = read('README.md');
  const table = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
  );
  const names = new Set<string>();
  for (const line of table.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

describe('the documents tell the truth', () => {
  it('the README configuration table lists every variable config.ts reads, and nothing else', () => {
    const read = Object.keys(envSchema.shape).sort();
    const documented = [...readmeVariables()].sort();
    expect(documented).toEqual(read);
  });

  it.each(DOCUMENTS)('every link and file reference in %s points to a file of this repository', (file) => {
    const text = read(file);
    const dir = path.dirname(path.join(root, file));
    const broken: string[] = [];
    // Markdown links, relative to the document.
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:|#)/.test(target!)) continue;
      const local = target!.split('#')[0]!;
      if (!fs.existsSync(path.resolve(dir, local))) broken.push(target!);
    }
    // Documents named in code spans (`docs/OPERATIONS.md`): from the repository root or the document.
    for (const [, name] of text.matchAll(/`([\w./-]+\.md)`/g)) {
      if (name!.startsWith('../')) broken.push(`${name} (outside the repository)`);
      else if (!fs.existsSync(path.join(root, name!)) && !fs.existsSync(path.resolve(dir, name!)))
        broken.push(name!);
    }
    // Repository paths in code spans (`deploy/nginx/portal.conf`, `apps/server/src/app.ts`).
    for (const [, name] of text.matchAll(/`((?:apps|packages|docs|deploy|bench|e2e|scripts)\/[\w./@-]+)`/g)) {
      const bare = name!.replace(/[.:,]$/, '');
      if (!fs.existsSync(path.join(root, bare))) broken.push(bare);
    }
    expect(broken).toEqual([]);
  });
});
