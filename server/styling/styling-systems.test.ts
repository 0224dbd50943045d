import path from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { FIXTURE_PROJECTS } from '../../test-support/fixture-project.js';
import { chooseIdiom, dominantIdiom, hostStyling, elementIdiom, elementStyling, idiomUses, readProjectStyling, styledDeclarationOf, systemsOfManifest } from './styling-systems.js';

/** The file parsed, and the opening tag of its first element named `tag`. */
function openingIn(text: string, tag: string): { sourceFile: ts.SourceFile; opening: ts.JsxOpeningLikeElement } {
  const sourceFile = ts.createSourceFile('input.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let found: ts.JsxOpeningLikeElement | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText(sourceFile) === tag) found = node;
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!found) throw new Error(`no <${tag}>`);
  return { sourceFile, opening: found };
}

const MUI_FILE = `import { Box, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';

const Panel = styled(Box)(({ theme }) => ({ padding: theme.spacing(2) }));

export function Card() {
  return (
    <Panel>
      <Typography sx={{ color: 'primary.main' }}>Title</Typography>
      <Box>body</Box>
      <div>plain</div>
    </Panel>
  );
}
`;

const STYLED_FILE = `import styled from 'styled-components';

const Heading = styled.h1\`
  font-size: 2rem;
\`;
const Link = styled(Anchor).attrs({ role: 'link' })\`color: red;\`;

export const Page = () => (
  <section>
    <Heading>Hi</Heading>
    <Link>go</Link>
  </section>
);
`;

describe('the systems of a package.json', () => {
  it('names each system its dependencies mean, Tailwind by its major version', () => {
    expect(systemsOfManifest({ dependencies: { '@mui/material': '^7.0.0', '@emotion/styled': '^11' } })).toEqual(['mui', 'emotion']);
    expect(systemsOfManifest({ devDependencies: { tailwindcss: '^3.4.1' } })).toEqual(['tailwind3']);
    expect(systemsOfManifest({ devDependencies: { tailwindcss: '^4.1.0' } })).toEqual(['tailwind4']);
    expect(systemsOfManifest({ dependencies: { 'styled-components': '^6', '@coreui/react': '^5', '@chakra-ui/react': '^3', '@mantine/core': '^8' } })).toEqual([
      'styled-components',
      'bootstrap',
      'chakra',
      'mantine',
    ]);
    expect(systemsOfManifest({ dependencies: { react: '^19', '@mui/icons-material': '^7' } })).toEqual([]);
    // vanilla-extract by its runtime package, not by its bundler plugins alone.
    expect(systemsOfManifest({ dependencies: { '@vanilla-extract/css': '^1.17' }, devDependencies: { '@vanilla-extract/vite-plugin': '^5' } })).toEqual(['vanilla-extract']);
    expect(systemsOfManifest({ devDependencies: { '@vanilla-extract/vite-plugin': '^5' } })).toEqual([]);
  });
});

describe("a project's dominant idiom", () => {
  it('counts sx props, styled templates and styled objects in the code', () => {
    expect(Object.fromEntries(idiomUses([MUI_FILE]))).toEqual({ 'mui-sx': 1, 'styled-object': 1 });
    expect(Object.fromEntries(idiomUses([STYLED_FILE]))).toEqual({ 'styled-template': 2 });
  });

  it('is the idiom most used, else the one its systems write, else none', () => {
    expect(dominantIdiom(['mui', 'emotion'], idiomUses([MUI_FILE, 'const x = <Box sx={{ p: 1 }} />']))).toBe('mui-sx');
    expect(dominantIdiom(['styled-components'], new Map())).toBe('styled-template');
    expect(dominantIdiom(['mui', 'plain-css'], new Map())).toBe('mui-sx');
    expect(dominantIdiom(['tailwind4', 'plain-css'], new Map())).toBe('tailwind');
    expect(dominantIdiom(['plain-css'], new Map())).toBe('css');
    expect(dominantIdiom([], new Map())).toBeNull();
  });

  it("counts Bootstrap's utilities and Chakra's or Mantine's style props only where the project has their system", () => {
    const bootstrap = idiomUses(['<h1 className="mb-3 text-primary fw-bold">A</h1>', '<div className="d-flex p-2" />']);
    expect(dominantIdiom(['bootstrap', 'plain-css'], bootstrap)).toBe('bootstrap');
    // Without Tailwind installed, `p-2` is no Tailwind use: a Bootstrap project is not counted as Tailwind's.
    expect(dominantIdiom(['plain-css'], bootstrap)).toBe('css');
    expect(dominantIdiom(['chakra', 'emotion'], idiomUses(['<Box p={6} color="teal.500" _hover={{ bg: "teal.600" }} />']))).toBe('style-props');
    expect(dominantIdiom(['mantine', 'css-modules'], new Map())).toBe('css-module');
    expect(dominantIdiom(['bootstrap'], new Map())).toBe('bootstrap');
  });

  it('is read from real projects: a Bootstrap app writes utilities, a Chakra app style props', () => {
    expect(readProjectStyling(path.join(FIXTURE_PROJECTS, 'bootstrap-app')).dominant).toBe('bootstrap');
    // Its own stylesheet, imported by a file of its own (the entry imports only Bootstrap's): where its CSS goes.
    expect(readProjectStyling(path.join(FIXTURE_PROJECTS, 'bootstrap-app')).stylesheet).toBe('src/app.css');
    expect(readProjectStyling(path.join(FIXTURE_PROJECTS, 'chakra-app'))).toEqual({ systems: ['chakra', 'emotion'], dominant: 'style-props', host: null, stylesheet: null });
  });

  it("is read from real projects for a plain element: a styled-components app declares a styled.p, a MUI app a styled('p')", () => {
    expect(readProjectStyling(path.join(FIXTURE_PROJECTS, 'styled-app')).host).toEqual({ idiom: 'styled-template', styled: { specifier: 'styled-components', isDefault: true } });
    expect(readProjectStyling(path.join(FIXTURE_PROJECTS, 'mui-app')).host).toEqual({ idiom: 'styled-object', styled: { specifier: '@mui/material/styles', isDefault: false } });
  });

  it("for a plain element follows the project's habit: a Box with a component, a styled tag, or none with stylesheets", () => {
    const mui = ['mui', 'emotion'] as const;
    const named = { specifier: '@mui/material/styles', isDefault: false };
    expect(hostStyling(mui, 'mui-sx', ['<Box component="section" sx={{ p: 2 }} />', '<Box component="p">a</Box>'])).toEqual({ idiom: 'mui-sx', styled: named });
    expect(hostStyling(mui, 'mui-sx', ["import { styled } from '@mui/material/styles';\nconst Text = styled('p')`color: red;`;"])).toEqual({ idiom: 'styled-template', styled: named });
    expect(hostStyling(['emotion'], 'styled-template', ["import styled from '@emotion/styled';\nconst A = styled.a({});"])).toEqual({ idiom: 'styled-template', styled: { specifier: '@emotion/styled', isDefault: true } });
    // A Box habit means nothing without MUI, and a project styled by its stylesheets keeps them.
    expect(hostStyling(['styled-components'], 'styled-template', ['<Box component="p" />'])?.idiom).toBe('styled-template');
    expect(hostStyling([...mui, 'plain-css'], 'css', ['<Box component="p" />'])).toBeNull();
  });

  it('is read from a real project: a CSS-modules app writes its modules', () => {
    const styling = readProjectStyling(path.join(FIXTURE_PROJECTS, 'css-modules'));
    expect(styling.systems).toContain('css-modules');
    expect(styling.dominant).toBe('css-module');
  });
});

describe('the idiom of an element', () => {
  it('is style props for a Chakra or Mantine component, and Bootstrap utilities fit any element', () => {
    const chakra = openingIn(`import { Box } from '@chakra-ui/react';\nconst a = <Box><div /></Box>;\n`, 'Box');
    expect(elementIdiom(chakra.sourceFile, chakra.opening)).toBe('style-props');
    const mantine = openingIn(`import { Text } from '@mantine/core';\nconst a = <Text />;\n`, 'Text');
    expect(elementIdiom(mantine.sourceFile, mantine.opening)).toBe('style-props');
    const plain = openingIn(`const a = <div className="mb-3" />;\n`, 'div');
    expect(elementIdiom(plain.sourceFile, plain.opening)).toBeNull();
    expect(chooseIdiom(plain.sourceFile, plain.opening, { framework: 'CSS', styling: { systems: ['bootstrap'], dominant: 'bootstrap' } })).toBe('bootstrap');
    expect(chooseIdiom(plain.sourceFile, plain.opening, { framework: 'CSS', styling: { systems: ['chakra'], dominant: 'style-props' } })).toBe('css');
  });

  it('is sx for an element with an sx prop, and the kind of its styled declaration for a styled component', () => {
    const mui = (tag: string) => openingIn(MUI_FILE, tag);
    expect(elementIdiom(mui('Typography').sourceFile, mui('Typography').opening)).toBe('mui-sx');
    expect(elementIdiom(mui('Panel').sourceFile, mui('Panel').opening)).toBe('styled-object');
    expect(elementIdiom(mui('Box').sourceFile, mui('Box').opening)).toBeNull();
    expect(elementIdiom(mui('div').sourceFile, mui('div').opening)).toBeNull();
    const heading = openingIn(STYLED_FILE, 'Heading');
    expect(elementIdiom(heading.sourceFile, heading.opening)).toBe('styled-template');
    const link = openingIn(STYLED_FILE, 'Link');
    expect(elementIdiom(link.sourceFile, link.opening)).toBe('styled-template');
    expect(styledDeclarationOf(heading.sourceFile, 'Page')).toBeNull();
  });

  it('is chosen: the change names one, else Tailwind or Inline as chosen, else its own, else the fitting dominant, else CSS', () => {
    const styling = { systems: ['mui' as const, 'emotion' as const], dominant: 'mui-sx' as const };
    const at = (tag: string, framework: 'CSS' | 'Tailwind' | 'Inline' = 'CSS', requested?: 'css') => {
      const { sourceFile, opening } = openingIn(MUI_FILE, tag);
      return chooseIdiom(sourceFile, opening, { framework, styling, ...(requested ? { requested } : {}) });
    };
    expect(at('Typography')).toBe('mui-sx');
    expect(at('Typography', 'CSS', 'css')).toBe('css');
    expect(at('Typography', 'Tailwind')).toBe('tailwind');
    expect(at('Typography', 'Inline')).toBe('inline');
    // A MUI component without sx takes one; a host element cannot (sx would do nothing there).
    expect(at('Box')).toBe('mui-sx');
    expect(at('div')).toBe('css');
    expect(at('Panel')).toBe('styled-object');
    // A plain element, where the project has a way with one: that way.
    const { sourceFile, opening } = openingIn(MUI_FILE, 'div');
    const host = { idiom: 'styled-object' as const, styled: { specifier: '@mui/material/styles', isDefault: false } };
    expect(chooseIdiom(sourceFile, opening, { framework: 'CSS', styling: { ...styling, host } })).toBe('styled-object');
    expect(chooseIdiom(sourceFile, opening, { framework: 'CSS', styling: { ...styling, host: { ...host, idiom: 'mui-sx' } } })).toBe('mui-sx');
  });

  it('offers the idioms that fit: sx on a MUI component, the styled declaration on its component, CSS and inline on all', () => {
    const at = (text: string, tag: string) => {
      const { sourceFile, opening } = openingIn(text, tag);
      return elementStyling(sourceFile, opening);
    };
    expect(at(MUI_FILE, 'Typography')).toEqual({ own: 'mui-sx', fits: ['mui-sx', 'css', 'inline'] });
    expect(at(MUI_FILE, 'Box')).toEqual({ own: null, fits: ['mui-sx', 'css', 'inline'] });
    expect(at(MUI_FILE, 'div')).toEqual({ own: null, fits: ['css', 'inline'], plain: true });
    expect(at(STYLED_FILE, 'Heading')).toEqual({
      own: 'styled-template',
      fits: ['styled-template', 'styled-wrapper', 'css', 'inline'],
      declaration: { name: 'Heading', file: 'input.tsx', line: 3 },
    });
  });

  it('follows a styled component imported from another file to its declaration, through aliases and re-exports', () => {
    const files: Record<string, string> = {
      'src/ui/Heading.jsx': "import styled from 'styled-components';\n\nconst Heading = styled.h1`\n  font-size: 3rem;\n`;\n\nexport default Heading;\n",
      'src/ui/Panel.tsx': "import { styled } from '@mui/material/styles';\n\nexport const Panel = styled('section')({ padding: 8 });\n",
      'src/ui/index.ts': "export { default as Heading } from './Heading';\nexport * from './Panel';\n",
      'src/pages/Cabins.jsx': `import Heading from '../ui/Heading';
import { Heading as Title, Panel } from '@/ui';
import { Button } from 'ui-kit';

export const Cabins = () => (
  <Panel>
    <Heading as="h1">Cabins</Heading>
    <Title>All</Title>
    <Button>Add</Button>
  </Panel>
);
`,
    };
    const source = (relative: string) => (files[relative] === undefined ? null : ts.createSourceFile(relative, files[relative], ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
    const follow = { relative: 'src/pages/Cabins.jsx', reader: { source, aliases: [{ prefix: '@/', folder: 'src/' }] } };
    const at = (tag: string) => {
      const sourceFile = source(follow.relative)!;
      const { opening } = openingIn(sourceFile.text, tag);
      return elementStyling(sourceFile, opening, follow);
    };
    const heading = { name: 'Heading', file: 'src/ui/Heading.jsx', line: 3 };
    expect(at('Heading')).toEqual({ own: 'styled-template', fits: ['styled-template', 'styled-wrapper', 'css', 'inline'], declaration: heading });
    expect(at('Title')).toEqual({ own: 'styled-template', fits: ['styled-template', 'styled-wrapper', 'css', 'inline'], declaration: heading });
    expect(at('Panel')).toEqual({ own: 'styled-object', fits: ['styled-object', 'styled-wrapper', 'css', 'inline'], declaration: { name: 'Panel', file: 'src/ui/Panel.tsx', line: 3 } });
    // A package's component is not followed: its declaration is not the project's.
    expect(at('Button')).toEqual({ own: null, fits: ['css', 'inline'] });
  });
});

describe("emotion's css prop", () => {
  const EMOTION_FILE = `/** @jsxImportSource @emotion/react */
export const Card = () => <section css={{ padding: 16 }}><p>plain</p><em css="loud">string</em></section>;
`;

  it('is the idiom of an element with one, and a css="…" string is not', () => {
    const at = (tag: string) => {
      const { sourceFile, opening } = openingIn(EMOTION_FILE, tag);
      return elementStyling(sourceFile, opening);
    };
    expect(at('section')).toEqual({ own: 'emotion-css', fits: ['emotion-css', 'css', 'inline'] });
    expect(at('em')).toEqual({ own: null, fits: ['css', 'inline'], plain: true });
  });

  it("is a project's dominant idiom where it has emotion, and its way with a plain element, which needs no import", () => {
    const uses = idiomUses([EMOTION_FILE, '<h1 css={css`color: red;`}>A</h1>']);
    expect(dominantIdiom(['emotion', 'plain-css'], uses)).toBe('emotion-css');
    expect(dominantIdiom(['plain-css'], uses)).toBe('css');
    expect(hostStyling(['emotion'], 'emotion-css', [EMOTION_FILE])?.idiom).toBe('emotion-css');
    // A plain element of such a project is styled with a css prop of its own.
    const { sourceFile, opening } = openingIn(EMOTION_FILE, 'p');
    const styling = { systems: ['emotion' as const], dominant: 'emotion-css' as const, host: hostStyling(['emotion'], 'emotion-css', [EMOTION_FILE]) };
    expect(chooseIdiom(sourceFile, opening, { framework: 'CSS', styling })).toBe('emotion-css');
  });
});
