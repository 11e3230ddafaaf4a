import assert from "node:assert/strict";
import { test } from "node:test";

import { savedFiles } from "../src/chat/saved-files.js";

const PAGE = "http://127.0.0.1:8700/shop/";
const ID = "f-0123456789abcdef01234567";

/** A backend answering GET files with `status` and `body`; it keeps the URLs asked for. */
function backend(status, body) {
  const asked = [];
  const fetcher = async (url, init) => {
    asked.push([url, init.credentials]);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  };
  return { asked, fetcher };
}

test("the saved files open and download under base, by their id only", async () => {
  const listed = { folder: "/home/maria/files", files: [{ id: ID, name: "../Receipt.txt", inline: true }] };
  const { asked, fetcher } = backend(200, listed);
  const { folder, files } = await savedFiles(`${PAGE}agent`, fetcher);
  assert.equal(folder, "/home/maria/files");
  assert.equal(files[0].open, `${PAGE}agent/files/${ID}`);
  assert.equal(files[0].download, `${PAGE}agent/files/${ID}/download`);
  assert.deepEqual(asked, [[`${PAGE}agent/files`, "same-origin"]]);
});

test("an id cannot climb out of base", async () => {
  const { fetcher } = backend(200, { folder: "/f", files: [{ id: "../../etc", name: "x" }] });
  const [file] = (await savedFiles(`${PAGE}agent`, fetcher)).files;
  assert.equal(file.open, `${PAGE}agent/files/..%2F..%2Fetc`);
});

test("a refusal says the server's sentence", async () => {
  const { fetcher } = backend(403, { code: "forbidden", detail: "Only this bot's owner, at this computer, and the staff they paired see its files." });
  await assert.rejects(savedFiles(PAGE, fetcher), { message: "Only this bot's owner, at this computer, and the staff they paired see its files." });
});
