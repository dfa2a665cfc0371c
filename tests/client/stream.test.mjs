// The reader of a JSON-lines answer (api.js: splitLines, parseLine, reviewStream), the way
// POST /api/review/stream sends the review of a deal one decision at a time, and where the
// review panel's jumps to the next and previous mistake stop (gamereview.js mistakeStep).

import "./setup.mjs";
import { JS } from "./setup.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const api = await import(new URL("api.js", JS));

test("a line split across chunks is given once it is whole", () => {
  let got = api.splitLines("", '{"start":{"indices":[0,3]}}\n{"deci');
  assert.deepEqual(got.lines, ['{"start":{"indices":[0,3]}}']);
  assert.equal(got.rest, '{"deci');
  got = api.splitLines(got.rest, 'sion":{"index":0}}\n');
  assert.deepEqual(got.lines, ['{"decision":{"index":0}}']);
  assert.equal(got.rest, "");
});

test("several lines in one chunk, CRLF and empty lines", () => {
  const got = api.splitLines("", '{"a":1}\r\n\n{"b":2}\n  \n{"c"');
  assert.deepEqual(got.lines, ['{"a":1}', '{"b":2}']);
  assert.equal(got.rest, '{"c"');
});

test("a line that is not a JSON object is refused as a bad line", () => {
  for (const line of ["{not json", "[1,2]", "null", "42"]) {
    assert.throws(() => api.parseLine(line), (err) => err instanceof api.ApiError && err.code === "bad_line");
  }
});

test("an error line ends the stream with the server's code and message", () => {
  assert.throws(
    () => api.parseLine('{"error":{"code":"internal_error","message":"the review failed"}}'),
    (err) => err.code === "internal_error" && err.message === "the review failed",
  );
  assert.deepEqual(api.parseLine('{"decision":{"index":3}}'), { decision: { index: 3 } });
});

/** A fetch answering `status` with `chunks` as the body's stream (or JSON of `json`). */
function answer(status, chunks, json = null) {
  const encoder = new TextEncoder();
  return async () => ({
    ok: status < 400,
    status,
    json: async () => json,
    body: new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
  });
}

async function read(fetcher) {
  const keep = globalThis.fetch;
  globalThis.fetch = fetcher;
  const lines = [];
  try {
    await api.reviewStream("(;GM[Skat];)", 1, (line) => lines.push(line));
    return { lines };
  } catch (err) {
    return { lines, err };
  } finally {
    globalThis.fetch = keep;
  }
}

test("the stream gives each line as it comes and ends with the summary", async () => {
  const got = await read(answer(200, ['{"start":{"indices":[0]}}\n{"decision":', '{"index":0}}\n{"summary":{"total":0}}']));
  assert.equal(got.err, undefined);
  assert.deepEqual(got.lines, [{ start: { indices: [0] } }, { decision: { index: 0 } }, { summary: { total: 0 } }]);
});

test("a refusal, a bad line, an error line and a cut-off stream each end it with a code", async () => {
  let got = await read(answer(400, [], { error: { code: "not_finished", message: "the deal is not finished" } }));
  assert.equal(got.err.code, "not_finished");
  assert.equal(got.err.status, 400);
  got = await read(answer(200, ['{"start":{"indices":[0]}}\n', "oops\n"]));
  assert.equal(got.err.code, "bad_line");
  assert.equal(got.lines.length, 1);
  got = await read(answer(200, ['{"start":{}}\n{"error":{"code":"internal_error","message":"the review failed"}}\n']));
  assert.equal(got.err.code, "internal_error");
  got = await read(answer(200, ['{"start":{}}\n{"decision":{"index":0}}\n']));
  assert.equal(got.err.code, "cut_off");
  got = await read(async () => {
    throw new TypeError("Failed to fetch");
  });
  assert.equal(got.err.code, "network");
});

test("the review's jumps stop at mistakes and blunders only, forward and back", async () => {
  const { mistakeStep } = await import(new URL("gamereview.js", JS));
  const marks = ["best", "mistake", "inaccuracy", "good", "blunder", "forced"].map((mark) => ({ mark }));
  assert.equal(mistakeStep(marks, 0, 1), 1);
  assert.equal(mistakeStep(marks, 1, 1), 4); // the inaccuracy between is no stop
  assert.equal(mistakeStep(marks, 4, 1), null);
  assert.equal(mistakeStep(marks, 4, -1), 1);
  assert.equal(mistakeStep(marks, 1, -1), null);
});

test("the review's progress counts its decisions in the language's plural form", async () => {
  const i18n = await import(new URL("i18n.js", JS));
  const { progressText } = await import(new URL("gamereview.js", JS));
  // a deal can hold one decision of the seat (a pass before everyone else passed)
  const said = { en: ["0 of 1 decision judged", "2 of 12 decisions judged"], de: ["0 von 1 Entscheidung bewertet", "2 von 12 Entscheidungen bewertet"], sv: ["0 av 1 beslut bedömt", "2 av 12 beslut bedömda"] };
  for (const [lang, [one, other]] of Object.entries(said)) {
    i18n.setLanguage(lang);
    assert.equal(progressText(0, 1), one);
    assert.equal(progressText(2, 12), other);
  }
  i18n.setLanguage("en");
});
