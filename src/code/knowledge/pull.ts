import type { Http } from '../../api/http.js';
import { compareText } from '../../output/text-order.js';
import { canonicalSql } from '../sql-text.js';
import { catalogIdOf, catalogNameOf } from './diff.js';
import { readKnowledge, renderGoldenSqls, renderRelations, columnLabel } from './files.js';
import { KNOWLEDGE_FILES, type DesiredGoldenSql, type DesiredRelation, type KnowledgeKind, type ProjectKnowledge } from './model.js';
import { DgwError } from '../../errors.js';
import type { PullPlan } from '../pull.js';
import { readKnowledgeOf } from './read-project.js';

/** What `pull` does with the knowledge files: each written when the project holds some of its kind or the file is there; `skipped`, kinds the service would not show (a key without access, a service without them), whose files are left as they are. */
export type KnowledgePull = Pick<PullPlan, 'write' | 'unchanged' | 'skipped'>;

/** Reads both kinds from the project (a request for golden SQLs, one per catalog for relations) and compares them with the files. */
export async function planKnowledgePull(root: string, http: Http, projectId: string): Promise<KnowledgePull> {
  const out: KnowledgePull = { write: [], unchanged: [], skipped: [] };
  const readKind = async (kind: KnowledgeKind): Promise<ProjectKnowledge | undefined> => {
    try {
      return await readKnowledgeOf(http, projectId, { [kind]: [] });
    } catch (error) {
      const unavailable = error instanceof DgwError && (error.kind === 'not_found' || error.kind === 'not_implemented' || error.status === 403);
      if (!unavailable) throw error;
      out.skipped.push(`${KNOWLEDGE_FILES[kind]}: the service did not show them (${error.message})`);
      return undefined;
    }
  };
  const [{ desired, problems }, goldens, relations] = await Promise.all([readKnowledge(root), readKind('goldenSqls'), readKind('relations')]);
  const broken = new Set(problems.map((p) => p.file));
  const decide = <T>(file: string, wanted: T[], had: T[] | undefined, render: (entries: T[]) => string, same: (a: T[], b: T[]) => boolean) => {
    const there = had !== undefined || broken.has(file);
    if (!there && wanted.length === 0) return;
    if (had !== undefined && same(had, wanted)) out.unchanged.push(file);
    else out.write.push({ file, content: render(wanted), overwrite: there });
  };
  if (goldens) decide(KNOWLEDGE_FILES.goldenSqls, goldenSqlsOf(goldens), desired.goldenSqls, renderGoldenSqls, sameGoldenSqls);
  if (relations) decide(KNOWLEDGE_FILES.relations, relationsOf(relations), desired.relations, renderRelations, sameRelations(relations));
  return out;
}

function goldenSqlsOf(project: ProjectKnowledge): DesiredGoldenSql[] {
  const entries = (project.goldenSqls ?? []).map((g) => ({ question: g.question.trim(), sql: canonicalSql(g.sql) }));
  // A question with several answers is written with each; only the same answer twice is written once.
  entries.sort((a, b) => compareText(a.question, b.question) || compareText(a.sql, b.sql));
  return entries.filter((e, i) => i === 0 || entries[i - 1].question !== e.question || entries[i - 1].sql !== e.sql);
}

function relationsOf(project: ProjectKnowledge): DesiredRelation[] {
  const named = (c: DesiredRelation['from']) => ({ ...c, catalog: catalogNameOf(c.catalog, project.catalogs) });
  return (project.relations ?? []).map((r) => ({ from: named(r.from), to: named(r.to), type: r.type })).sort((a, b) => compareText(columnLabel(a.from), columnLabel(b.from)) || compareText(columnLabel(a.to), columnLabel(b.to)));
}

function sameGoldenSqls(had: DesiredGoldenSql[], wanted: DesiredGoldenSql[]): boolean {
  const key = (list: DesiredGoldenSql[]) => JSON.stringify([...list].map((g) => [g.question, g.sql]).sort());
  return key(had) === key(wanted);
}

/** Equal when each names the same columns (by catalog id) with the same type. */
function sameRelations(project: ProjectKnowledge) {
  return (had: DesiredRelation[], wanted: DesiredRelation[]): boolean => {
    try {
      const key = (list: DesiredRelation[]) =>
        JSON.stringify(list.map((r) => [r.from, r.to].map((c) => columnLabel({ ...c, catalog: catalogIdOf(c.catalog, project.catalogs) })).concat(r.type)).sort());
      return key(had) === key(wanted);
    } catch {
      return false;
    }
  };
}
