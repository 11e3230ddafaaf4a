import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

const root = new URL("../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));

/** Every file an export names, each condition included. */
function targets(exports) {
  return Object.values(exports).flatMap((target) =>
    typeof target === "string" ? [target] : targets(target),
  );
}

test("is an ES module package with no runtime dependencies", () => {
  assert.equal(manifest.type, "module");
  assert.equal(manifest.dependencies, undefined);
});

test("every export names a file that exists", () => {
  for (const target of targets(manifest.exports)) {
    assert.ok(existsSync(new URL(target, root)), `${target} is missing`);
  }
});

test("every export is among the files the package ships", () => {
  const shipped = (path) =>
    manifest.files.some((entry) =>
      entry.endsWith("/") ? path.startsWith(`./${entry}`) : path === `./${entry}`,
    );
  for (const target of targets(manifest.exports)) {
    if (target !== "./package.json") assert.ok(shipped(target), `${target} is not in "files"`);
  }
});

test("points editors at its manifest and its types", () => {
  assert.ok(existsSync(new URL(manifest.customElements, root)));
  assert.ok(existsSync(new URL(manifest.types, root)));
});
