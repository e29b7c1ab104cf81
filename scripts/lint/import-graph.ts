import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The import graph of the app's own sources (docs/ARCHITECTURE.md, "The import graph"), built with the
 * TypeScript parser. An edge is "value" when it loads the other module when this one loads: a static import
 * of at least one name used as a value here, a side-effect import, or a re-export. Names used only in types
 * (and `import type`) are erased by the compiler: a "type" edge, which loads nothing; `import()` is a "lazy"
 * edge: it loads the other module only when called, so it cannot take part in an initialisation circle.
 */
export type ImportEdge = { from: string; to: string; kind: "value" | "lazy" | "type" };

const ROOT = path.resolve(__dirname, "../..");
const SOURCE = /\.(ts|tsx|mts)$/;
/** Production sources: what the app, its workers and its scripts load (tests and e2e specs are not). */
const SOURCE_DIRS = ["app/", "lib/", "components/", "db/"];
const isTest = (f: string) => /\.test\.tsx?$/.test(f);

/**
 * Test support kept beside the code (fixtures, fakes, kits that drive routes, the importer's hostile-input
 * corpus): loaded by tests only. Its edges are left out of the production graph; production code importing
 * it is reported instead.
 */
export const isTestSupport = (f: string): boolean =>
  /(^|\/)(testing|fixtures|corpus)(\/|\.ts$)/.test(f) || /test-kit\.ts$|-fixtures?\.ts$/.test(f);

/** The repository's production TypeScript files, as paths relative to its root. */
export function sourceFiles(root = ROOT): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  }).split("\0");
  return listed.filter((f) => SOURCE.test(f) && SOURCE_DIRS.some((d) => f.startsWith(d)) && !isTest(f));
}

/** How tsconfig.json resolves the app's imports (`@/` is the repository's root). */
const compilerOptions = (root: string): ts.CompilerOptions => ({
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  baseUrl: root,
  paths: { "@/*": ["./*"] },
});

/** Whether `node` sits where only a type can be written (a type annotation, an interface, `implements`). */
function inTypePosition(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isHeritageClause(n)) return n.token === ts.SyntaxKind.ImplementsKeyword;
    if (ts.isTypeNode(n) && !ts.isExpressionWithTypeArguments(n)) return true;
    if (ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return true;
    if (ts.isStatement(n)) return false;
  }
  return false;
}

/** Whether `id` names a binding here rather than a property of something else (`a.name`, `{ name: 1 }`). */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === id)
    return false;
  if ((ts.isPropertySignature(p) || ts.isEnumMember(p) || ts.isJsxAttribute(p)) && p.name === id) return false;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  return true;
}

/** The local names this file uses as values. */
function valueNames(file: ts.SourceFile): Set<string> {
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && isReference(node) && !inTypePosition(node)) used.add(node.text);
    if (ts.isShorthandPropertyAssignment(node)) used.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return used;
}

/** Whether an import declaration survives compilation (it loads the module). */
function importsValue(decl: ts.ImportDeclaration, used: Set<string>): boolean {
  const clause = decl.importClause;
  if (!clause) return true; // import "./side-effect"
  if (clause.isTypeOnly) return false;
  if (clause.name && used.has(clause.name.text)) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return used.has(bindings.name.text);
  return bindings.elements.some((e) => !e.isTypeOnly && used.has(e.name.text));
}

function exportsValue(decl: ts.ExportDeclaration): boolean {
  if (decl.isTypeOnly) return false;
  const clause = decl.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return true; // export * from
  return clause.elements.some((e) => !e.isTypeOnly);
}

/** The edges leaving one file; `resolve` maps a specifier to a repository file, or null (a package). */
export function edgesOf(
  from: string,
  text: string,
  resolve: (specifier: string, from: string) => string | null,
): ImportEdge[] {
  const file = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const used = valueNames(file);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression | undefined, kind: ImportEdge["kind"]) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const to = resolve(specifier.text, from);
    if (to && to !== from) edges.push({ from, to, kind });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importsValue(node, used) ? "value" : "type");
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, exportsValue(node) ? "value" : "type");
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0], "lazy");
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edges;
}

/** Every edge between the repository's production files. */
export function buildImportGraph(root = ROOT): { files: string[]; edges: ImportEdge[] } {
  const files = sourceFiles(root);
  const known = new Set(files);
  const options = compilerOptions(root);
  const host = ts.createCompilerHost(options);
  const resolve = (specifier: string, from: string): string | null => {
    if (!specifier.startsWith(".") && !specifier.startsWith("@/")) return null;
    const resolved = ts.resolveModuleName(specifier, path.join(root, from), options, host).resolvedModule;
    if (!resolved) return null;
    const rel = path.relative(root, resolved.resolvedFileName).split(path.sep).join("/");
    return known.has(rel) ? rel : null;
  };
  const edges = files.flatMap((f) => edgesOf(f, readFileSync(path.join(root, f), "utf8"), resolve));
  return { files, edges };
}
