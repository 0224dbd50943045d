import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { EditableFile } from './editable-file.js';
import { importRank, projectAliases, projectSpecifier } from './import-conventions.js';

/** A context over files held in memory, as the engine hands one to a transform. */
function contextOf(files: Record<string, string>) {
  return {
    file: (relative: string) => new EditableFile(relative, `/${relative}`, files[relative] ?? '', relative in files, null),
  };
}

const imports = (...specifiers: string[]) =>
  ts.createSourceFile('page.tsx', specifiers.map((s, i) => `import x${i} from '${s}';\n`).join(''), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

describe('projectSpecifier', () => {
  const aliased = projectAliases(contextOf({ 'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }' }));

  it('writes a climb out of the folder through the alias, unless the file climbs relatively itself', () => {
    const from = 'src/pages/Home.tsx';
    expect(projectSpecifier(aliased, imports('react'), from, '../components/Card')).toBe('@/components/Card');
    // The file's own imports climb with `../`: its developer writes the new one that way too.
    expect(projectSpecifier(aliased, imports('react', '../components/Nav'), from, '../components/Card')).toBe('../components/Card');
    expect(projectSpecifier(aliased, imports('../components/Nav', '@/hooks/useRows'), from, '../components/Card')).toBe('@/components/Card');
  });

  describe('a baseUrl without paths', () => {
    const files = {
      'jsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }',
      'src/components/Badge.jsx': 'export const Badge = () => null;',
      'src/components/Panel/index.jsx': 'export const Panel = () => null;',
    };
    const aliases = projectAliases(contextOf(files));
    const from = 'src/features/rows/RowsPage.jsx';

    it('is used where the file imports through it, for any file under its folder', () => {
      expect(projectSpecifier(aliases, imports('react', 'components/Badge'), from, '../../components/Panel')).toBe('components/Panel');
    });

    it('is not used where the file does not import through it, however far the path climbs', () => {
      expect(projectSpecifier(aliases, imports('react'), from, '../../components/Panel')).toBe('../../components/Panel');
    });

    it('ranks its specifiers with the aliases and a package with the packages', () => {
      expect(importRank('components/Panel', aliases)).toBe(2);
      expect(importRank('react', aliases)).toBe(1);
      expect(importRank('react-dom/client', aliases)).toBe(1);
    });
  });
});
