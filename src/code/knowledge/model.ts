// Golden SQLs and relations as code, each kind in one YAML file beside the query files; a kind whose
// file is absent is not managed (never read, compared or pruned). Plain data, so plans are JSON.

/** The knowledge kinds and their files, in the order plans show them. */
export const KNOWLEDGE_FILES = { goldenSqls: 'golden-sqls.yaml', relations: 'relations.yaml' } as const;

/** A kind of knowledge a file can hold. */
export type KnowledgeKind = keyof typeof KNOWLEDGE_FILES;

/** A golden SQL as a file says it: the question is its identity. */
export interface DesiredGoldenSql {
  question: string;
  /** Canonical SQL. */
  sql: string;
}

/** A column as a relation names it: the catalog by name, or by id where names repeat. */
export interface ColumnRef {
  catalog: string;
  schema: string;
  table: string;
  column: string;
}

/** A relation as a file says it: the pair of columns is its identity. */
export interface DesiredRelation {
  from: ColumnRef;
  to: ColumnRef;
  type: string;
}

/** What the knowledge files say; a kind is undefined when its file is absent. */
export interface DesiredKnowledge {
  goldenSqls?: DesiredGoldenSql[];
  relations?: DesiredRelation[];
}

/** A golden SQL of the project. */
export interface ProjectGoldenSql {
  id: string;
  question: string;
  /** The SQL exactly as the service returned it. */
  sql: string;
}

/** A relation of the project, its columns by catalog id. */
export interface ProjectRelation extends DesiredRelation {
  id: string;
}

/** A catalog, for writing and reading catalog names. */
export interface CatalogName {
  id: string;
  name: string;
}

/** The managed kinds as the project holds them, with a fingerprint of exactly what was read. */
export interface ProjectKnowledge {
  goldenSqls?: ProjectGoldenSql[];
  relations?: ProjectRelation[];
  catalogs: CatalogName[];
  /** `sha256:<hex>` of the kinds read. */
  fingerprint: string;
}

/** One change to the project's knowledge. */
export type KnowledgeChange =
  | { action: 'addGoldenSql'; question: string; sql: string }
  /** Golden SQLs have no update: a changed SQL is added anew, then the old one deleted. */
  | { action: 'replaceGoldenSql'; question: string; id: string; before: string; sql: string }
  | { action: 'deleteGoldenSql'; question: string; id: string; sql: string }
  | { action: 'addRelation'; relation: string; from: ColumnRef; to: ColumnRef; type: string }
  | { action: 'updateRelation'; relation: string; id: string; from: ColumnRef; before: string; type: string }
  | { action: 'deleteRelation'; relation: string; id: string; from: ColumnRef; type: string };

/** What the project holds of a managed kind that no entry of its file stands for. */
export type KnowledgeUnmanaged = Record<KnowledgeKind, string[]>;
