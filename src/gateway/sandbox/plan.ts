/** What a statement touches, from the unoptimized logical plan, where views and `query()` are expanded and nothing is pruned yet. */
export interface PlanTouches {
  /** Base tables scanned, as [catalog, schema, table]. */
  tables: Array<[string, string, string]>;
  /** Every other node by name: operators and table functions. */
  nodes: string[];
}

interface PlanNode {
  name?: unknown;
  children?: unknown;
  extra_info?: unknown;
}

/** Reads the rows of `EXPLAIN (FORMAT JSON)` run with `explain_output = 'all'`. */
export function planTouches(rows: Array<Record<string, unknown>>): PlanTouches {
  const logical = rows.find((r) => r.explain_key === 'logical_plan');
  if (!logical) throw new Error('EXPLAIN printed no logical plan: is explain_output set to all on this connection?');
  const touches: PlanTouches = { tables: [], nodes: [] };
  const walk = (node: PlanNode) => {
    const info = (node.extra_info ?? {}) as Record<string, unknown>;
    if (typeof info.Table === 'string') touches.tables.push(splitQualified(info.Table));
    else touches.nodes.push(String(node.name));
    if (Array.isArray(node.children)) for (const child of node.children) walk(child as PlanNode);
  };
  for (const root of JSON.parse(String(logical.explain_value)) as PlanNode[]) walk(root);
  return touches;
}

/** What a statement that runs reads: the tables it scans and the table functions it calls. */
export interface PlanSources {
  /** Tables scanned, as [catalog, schema, table]. */
  tables: Array<[string, string, string]>;
  /** Table functions called, upper case. */
  functions: string[];
}

/** Reads the sources of a physical plan, from EXPLAIN or an ANALYZE profile; pass-through operators were judged on the logical plan. */
export function planSources(plan: unknown): PlanSources {
  const sources: PlanSources = { tables: [], functions: [] };
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    const info = (n.extra_info ?? {}) as Record<string, unknown>;
    if (typeof info.Table === 'string') sources.tables.push(splitQualified(info.Table));
    if (typeof info.Function === 'string') sources.functions.push(info.Function.toUpperCase());
    if ((n.name ?? n.operator_name) === 'INOUT_FUNCTION') sources.functions.push(String(info.Name ?? '').toUpperCase());
    walk(n.children);
  };
  walk(plan);
  return sources;
}

/** Splits a printed name (`svc."table".orders`) into unquoted parts; anything but three parts comes back empty, which no rule allows. */
export function splitQualified(text: string): [string, string, string] {
  const parts = [''];
  // A quoted run ("" inside is one quote; unclosed, it runs to the end), a dot between parts, or other characters.
  for (const [run, quoted, dot] of text.matchAll(/"((?:[^"]|"")*)"?|(\.)|[^."]+/g)) {
    if (dot) parts.push('');
    else parts[parts.length - 1] += quoted === undefined ? run : quoted.replace(/""/g, '"');
  }
  return parts.length === 3 ? [parts[0], parts[1], parts[2]] : ['', '', text];
}
