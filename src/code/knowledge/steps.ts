import { addGoldenSql, deleteGoldenSql } from '../../api/golden-sqls.js';
import type { Http } from '../../api/http.js';
import { addRelation, deleteRelation, updateRelation } from '../../api/relations.js';
import type { ColumnRef, KnowledgeChange } from './model.js';

/** One request `apply` sends for knowledge. */
export type KnowledgeStep =
  | { op: 'addGoldenSql'; question: string; sql: string }
  | { op: 'deleteGoldenSql'; question: string; id: string }
  | { op: 'addRelation'; relation: string; from: ColumnRef; to: ColumnRef; type: string }
  | { op: 'updateRelation'; relation: string; id: string; from: ColumnRef; type: string }
  | { op: 'deleteRelation'; relation: string; id: string; from: ColumnRef };

/** The requests of the changes, in their order; a replaced golden SQL is added before the old one goes. */
export function knowledgeSteps(changes: KnowledgeChange[]): KnowledgeStep[] {
  return changes.flatMap((c): KnowledgeStep[] => {
    switch (c.action) {
      case 'addGoldenSql':
        return [{ op: 'addGoldenSql', question: c.question, sql: c.sql }];
      case 'replaceGoldenSql':
        return [
          { op: 'addGoldenSql', question: c.question, sql: c.sql },
          { op: 'deleteGoldenSql', question: c.question, id: c.id },
        ];
      case 'deleteGoldenSql':
        return [{ op: 'deleteGoldenSql', question: c.question, id: c.id }];
      case 'addRelation':
        return [{ op: 'addRelation', relation: c.relation, from: c.from, to: c.to, type: c.type }];
      case 'updateRelation':
        return [{ op: 'updateRelation', relation: c.relation, id: c.id, from: c.from, type: c.type }];
      case 'deleteRelation':
        return [{ op: 'deleteRelation', relation: c.relation, id: c.id, from: c.from }];
    }
  });
}

export function describeKnowledgeStep(step: KnowledgeStep): string {
  switch (step.op) {
    case 'addGoldenSql':
      return `add golden SQL "${step.question}"`;
    case 'deleteGoldenSql':
      return `delete golden SQL "${step.question}" (${step.id})`;
    case 'addRelation':
      return `add relation ${step.relation} (${step.type})`;
    case 'updateRelation':
      return `update relation ${step.relation} (type ${step.type})`;
    case 'deleteRelation':
      return `delete relation ${step.relation}`;
  }
}

export async function sendKnowledgeStep(http: Http, projectId: string, step: KnowledgeStep): Promise<void> {
  const at = (c: ColumnRef) => ({ catalogId: c.catalog, schema: c.schema, table: c.table, column: c.column });
  const place = (id: string, c: ColumnRef) => ({ id, catalogId: c.catalog, schemaName: c.schema, tableName: c.table });
  switch (step.op) {
    case 'addGoldenSql':
      await addGoldenSql(http, projectId, step.question, step.sql);
      return;
    case 'deleteGoldenSql':
      await deleteGoldenSql(http, projectId, step.id);
      return;
    case 'addRelation':
      await addRelation(http, projectId, at(step.from), at(step.to), step.type);
      return;
    case 'updateRelation':
      await updateRelation(http, projectId, place(step.id, step.from), step.type);
      return;
    case 'deleteRelation':
      await deleteRelation(http, projectId, place(step.id, step.from));
  }
}
