// Node loader hook for `npm run eval` (tsx): node-sql-parser's per-dialect builds are webpack
// CommonJS bundles whose named exports Node's ESM loader cannot detect, so
// `import { Parser } from "node-sql-parser/build/sqlite"` (as the SQL guard writes it, and as
// bundlers accept) fails under plain Node. This hook re-exports such a bundle's members by name.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const BUNDLE = /\/node_modules\/node-sql-parser\/build\/[a-z]+\.js$/;

export async function load(url, context, nextLoad) {
  if (BUNDLE.test(url)) {
    const file = fileURLToPath(url);
    const members = Object.keys(createRequire(url)(file)).filter(
      (k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== "default",
    );
    const source = [
      `import { createRequire } from "node:module";`,
      `const mod = createRequire(${JSON.stringify(url)})(${JSON.stringify(file)});`,
      ...members.map((k) => `export const ${k} = mod[${JSON.stringify(k)}];`),
      `export default mod;`,
    ].join("\n");
    return { format: "module", source, shortCircuit: true };
  }
  return nextLoad(url, context);
}
