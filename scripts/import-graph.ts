/**
 * The import graph among our own modules and its circles, for scripts/import-cycles.ts and
 * test/import-rules.test.ts. Every import counts, type-only ones too: they tie the files as much for
 * a reader.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(__dirname, "..");
const SRC = path.join(ROOT, "src");

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile).config;
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

function sourceFiles(target: string): string[] {
  const full = path.resolve(ROOT, target);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) =>
    /\.tsx?$/.test(name) || statSync(path.join(full, name)).isDirectory()
      ? sourceFiles(path.join(full, name))
      : [],
  );
}

/** The files under src/ that `file` imports or re-exports (dynamic `import()` included). */
function importsOf(file: string, options: ts.CompilerOptions): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.flatMap(({ fileName }) => {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
    const target = resolved?.resolvedFileName;
    return target && target.startsWith(SRC) && !target.endsWith(".d.ts") ? [target] : [];
  });
}

/**
 * Follows every import from the given files or folders (absolute, or relative to the repository root)
 * through src/; returns how many files it read and each circle, as sorted paths from the root.
 */
export function importCircles(targets: string[]): { files: number; circles: string[][] } {
  const options = compilerOptions();
  const graph = new Map<string, string[]>();
  const queue = targets.flatMap(sourceFiles);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const next = importsOf(file, options);
    graph.set(file, next);
    queue.push(...next);
  }

  // Tarjan's strongly connected components: every component of more than one file is a circle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  function visit(file: string): void {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) === order.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(ROOT, member));
      } while (member !== file);
      if (component.length > 1 || graph.get(file)!.includes(file)) circles.push(component.sort());
    }
  }
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return { files: graph.size, circles };
}
