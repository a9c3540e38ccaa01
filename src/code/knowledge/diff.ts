import { NotFoundError, UsageError } from '../../errors.js';
import { canonicalSql } from '../sql-text.js';
import { columnLabel, relationLabel, relationLine } from './files.js';
import { KNOWLEDGE_FILES, type CatalogName, type ColumnRef, type DesiredKnowledge, type KnowledgeChange, type KnowledgeUnmanaged, type ProjectKnowledge } from './model.js';

/** The knowledge part of a plan. */
export interface KnowledgePlan {
  changes: KnowledgeChange[];
  /** Left alone (reported), or planned for deletion with `prune`. */
  unmanaged: KnowledgeUnmanaged;
}

/** Compares the knowledge files with the project (pure): golden SQLs by question and SQL, relations by their pair of columns. */
export function diffKnowledge(desired: DesiredKnowledge, project: ProjectKnowledge, prune: boolean, dirLabel = ''): KnowledgePlan {
  const changes: KnowledgeChange[] = [];
  const deletes: KnowledgeChange[] = [];
  const unmanaged: KnowledgeUnmanaged = { goldenSqls: [], relations: [] };

  if (desired.goldenSqls && project.goldenSqls) {
    const left = [...project.goldenSqls];
    const take = (d: { question: string; sql?: string }) => {
      const i = left.findIndex((p) => p.question.trim() === d.question && (d.sql === undefined || canonicalSql(p.sql) === d.sql));
      return i < 0 ? undefined : left.splice(i, 1)[0];
    };
    // Answers the project already holds first, so a question with several answers replaces only the changed ones.
    const unchanged = desired.goldenSqls.map((d) => take(d) !== undefined);
    desired.goldenSqls.forEach((d, i) => {
      if (unchanged[i]) return;
      const match = take({ question: d.question });
      if (!match) changes.push({ action: 'addGoldenSql', question: d.question, sql: d.sql });
      else changes.push({ action: 'replaceGoldenSql', question: d.question, id: match.id, before: canonicalSql(match.sql), sql: d.sql });
    });
    for (const p of left) {
      // A twin of an entry (the service keeps the same answer twice) is that entry, as pull writes it once.
      if (desired.goldenSqls.some((d) => d.question === p.question.trim() && d.sql === canonicalSql(p.sql))) continue;
      if (prune) deletes.push({ action: 'deleteGoldenSql', question: p.question, id: p.id, sql: canonicalSql(p.sql) });
      else unmanaged.goldenSqls.push(p.question);
    }
  }

  if (desired.relations && project.relations) {
    const byId = (ref: ColumnRef, line?: number) => ({ ...ref, catalog: catalogIdOf(ref.catalog, project.catalogs, dirLabel, line) });
    const shown = (ref: ColumnRef) => ({ ...ref, catalog: catalogNameOf(ref.catalog, project.catalogs) });
    const key = (from: ColumnRef, to: ColumnRef) => `${columnLabel(from)}\u0000${columnLabel(to)}`;
    const left = new Map(project.relations.map((r) => [key(r.from, r.to), r]));
    for (const d of desired.relations) {
      const [from, to] = [byId(d.from, relationLine(d)), byId(d.to, relationLine(d))];
      const relation = relationLabel(d.from, d.to);
      const match = left.get(key(from, to));
      if (!match) changes.push({ action: 'addRelation', relation, from, to, type: d.type });
      else {
        left.delete(key(from, to));
        if (match.type !== d.type) changes.push({ action: 'updateRelation', relation, id: match.id, from, before: match.type, type: d.type });
      }
    }
    for (const r of left.values()) {
      const relation = relationLabel(shown(r.from), shown(r.to));
      if (prune) deletes.push({ action: 'deleteRelation', relation, id: r.id, from: r.from, type: r.type });
      else unmanaged.relations.push(relation);
    }
  }
  return { changes: [...changes, ...deletes], unmanaged };
}

/** A catalog as a file names it (an id, or a name no other catalog has) as its id; 404 or 2 naming the file (and line) otherwise. */
export function catalogIdOf(ref: string, catalogs: CatalogName[], dirLabel = '', line?: number): string {
  if (catalogs.some((c) => c.id === ref)) return ref;
  const named = catalogs.filter((c) => c.name === ref);
  if (named.length === 1) return named[0].id;
  const file = `${dirLabel}${KNOWLEDGE_FILES.relations}${line === undefined ? '' : `:${line}`}`;
  if (named.length > 1) throw new UsageError(`${file}: the catalog name ${ref} stands for catalogs ${named.map((c) => c.id).join(', ')}: write the id`);
  throw new NotFoundError(`${file}: the project has no catalog ${ref} (\`dgw catalog list\` shows them)`);
}

/** How files write a catalog: its name when no other catalog has it, else its id. */
export function catalogNameOf(id: string, catalogs: CatalogName[]): string {
  const catalog = catalogs.find((c) => c.id === id);
  if (!catalog || catalogs.filter((c) => c.name === catalog.name).length > 1 || catalogs.some((c) => c.id === catalog.name)) return id;
  return catalog.name;
}
