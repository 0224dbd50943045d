/**
 * The project's own type check, kept warm between calls: the project's TypeScript (its `typescript` package, else
 * the studio's) with its tsconfig, and a semantic-diagnostics builder program made again from the previous one on
 * each call, so only files whose bytes changed since (and those depending on them) are checked again. Source files
 * are kept by modification time: a dependency's declaration files are read once.
 *
 * Why a class: the builder program and the parsed files are the lasting state that makes the next check quick.
 * It runs synchronously; `project-type-check.ts` runs it in a worker so the server's thread never waits for it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ts as studioTs } from 'ts-morph';
import type { AgentDiagnostic, AgentTypeCheck } from '../../contracts/agent-api.js';

type Ts = typeof studioTs;

/**
 * The project's TypeScript when it has one, else an installed `typescript` the studio resolves, else the one inside
 * ts-morph (whose lib files are not on disk: its check says so rather than guessing).
 */
function projectTypeScript(root: string): Ts {
  for (const from of [path.join(root, 'package.json'), import.meta.url]) {
    try {
      return createRequire(from)('typescript') as Ts;
    } catch {
      // Not installed there: the next place.
    }
  }
  return studioTs;
}

/** The tsconfig the project's app is checked with: Vite's `tsconfig.app.json` when there is one, else `tsconfig.json`. */
function tsconfigOf(root: string): string | null {
  for (const name of ['tsconfig.app.json', 'tsconfig.json']) if (fs.existsSync(path.join(root, name))) return name;
  return null;
}

const CATEGORY: Record<number, AgentDiagnostic['category']> = { 0: 'warning', 1: 'error', 2: 'suggestion', 3: 'message' };

export interface TypeCheckAsk {
  /** Root-relative files; none: every file of the program outside dependencies. */
  files?: readonly string[];
  limit: number;
}

export class TypeCheckProgram {
  private readonly ts: Ts;
  private builder: studioTs.SemanticDiagnosticsBuilderProgram | undefined;
  private readonly parsed = new Map<string, { stamp: number; file: studioTs.SourceFile | undefined }>();

  constructor(private readonly root: string) {
    this.ts = projectTypeScript(root);
  }

  check(ask: TypeCheckAsk): AgentTypeCheck {
    const ts = this.ts;
    const tsconfig = tsconfigOf(this.root);
    const config = tsconfig ? this.readConfig(tsconfig) : { options: { jsx: ts.JsxEmit.ReactJSX, strict: true, skipLibCheck: true }, fileNames: [], errors: [] };
    const options = { ...config.options, noEmit: true, incremental: false, composite: false, tsBuildInfoFile: undefined };
    const host = this.cachingHost(options);
    this.builder = ts.createSemanticDiagnosticsBuilderProgram(config.fileNames, options, host, this.builder);
    const program = this.builder.getProgram();
    const own = (file: studioTs.SourceFile) => !file.fileName.includes('/node_modules/') && !file.isDeclarationFile;
    const wanted = ask.files ? new Set(ask.files.map((file) => path.resolve(this.root, file))) : null;
    const files = program.getSourceFiles().filter((file) => own(file) && (!wanted || wanted.has(path.resolve(file.fileName))));
    const found = [
      ...(wanted ? [] : [...config.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]),
      ...files.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...this.builder!.getSemanticDiagnostics(file)]),
    ];
    const diagnostics = found.map((diagnostic) => this.diagnostic(diagnostic));
    return {
      finished: true,
      tsconfig: tsconfig ?? '(none: defaults for TSX)',
      typescript: ts.version,
      files: files.map((file) => this.relative(file.fileName)),
      diagnostics: diagnostics.slice(0, ask.limit),
      errorCount: diagnostics.filter((diagnostic) => diagnostic.category === 'error').length,
      total: diagnostics.length,
    };
  }

  private readConfig(tsconfig: string): studioTs.ParsedCommandLine {
    const ts = this.ts;
    const file = path.join(this.root, tsconfig);
    const read = ts.readConfigFile(file, (name) => ts.sys.readFile(name));
    return ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, this.root, undefined, file);
  }

  /** A host that reads each file again only when its modification time moved. */
  private cachingHost(options: studioTs.CompilerOptions): studioTs.CompilerHost {
    const host = this.ts.createIncrementalCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, language, onError, shouldCreate) => {
      const stamp = this.ts.sys.getModifiedTime?.(fileName)?.getTime() ?? -1;
      const known = this.parsed.get(fileName);
      if (known && known.stamp === stamp && !shouldCreate) return known.file;
      const file = read(fileName, language, onError, shouldCreate);
      this.parsed.set(fileName, { stamp, file });
      return file;
    };
    return host;
  }

  private relative(fileName: string): string {
    return path.relative(this.root, fileName).split(path.sep).join('/');
  }

  private diagnostic(diagnostic: studioTs.Diagnostic): AgentDiagnostic {
    const message = this.ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const base = { code: `TS${diagnostic.code}`, category: CATEGORY[diagnostic.category] ?? 'error', message };
    if (!diagnostic.file || diagnostic.start === undefined) return base;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return { file: this.relative(diagnostic.file.fileName), line: line + 1, column: character + 1, ...base };
  }
}
