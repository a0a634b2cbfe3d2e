// DuckDB's decode of a Delta table's newest checkpoint and the commits after it: the reference
// that `layoutlab inspect` is measured against (BenchmarkInspect1M in cmd/layoutlab runs
// both, side by side, in one run). DuckDB's delta extension cannot be installed offline, so this
// reads the same files with read_parquet and read_json and materialises every column, as an
// open of the snapshot must.
//
//   cd engine/inspect/testdata/duckdb && npm install     # @duckdb/node-api ships its binary
//   node open.mjs TABLE_DIR                               # prints {"seconds": ..., "files": ...}
//
// Not part of go test: the benchmark runs it when LAYOUTLAB_DUCKDB=1 and node can load it.
import { DuckDBInstance } from "@duckdb/node-api";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const dir = join(process.argv[2], "_delta_log");
const names = readdirSync(dir);
const cp = names.filter((n) => /^\d{20}\.checkpoint\.parquet$/.test(n)).sort().at(-1);
if (!cp) throw new Error(`${dir}: no single-file checkpoint`);
const cpVersion = BigInt(cp.slice(0, 20));
const commits = names.filter((n) => /^\d{20}\.json$/.test(n) && BigInt(n.slice(0, 20)) > cpVersion)
  .map((n) => join(dir, n));

const quote = (s) => "'" + s.replaceAll("'", "''") + "'";
const start = process.hrtime.bigint();
const db = await DuckDBInstance.create(":memory:");
const con = await db.connect();
await con.run(`CREATE TABLE checkpoint AS SELECT * FROM read_parquet(${quote(join(dir, cp))})`);
if (commits.length > 0) {
  await con.run(`CREATE TABLE commits AS SELECT * FROM read_json([${commits.map(quote).join(", ")}],
    format = 'newline_delimited', union_by_name = true, maximum_object_size = 1073741824)`);
}
const r = await con.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM checkpoint WHERE add IS NOT NULL`);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(JSON.stringify({ seconds, files: r.getRowObjects()[0].n, checkpoint: cp, commits: commits.length }));
