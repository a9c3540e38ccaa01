import { createFolder, deleteFolder, moveFolder, renameFolder } from '../api/folders.js';
import { folderSegments } from '../api/names.js';
import type { Http } from '../api/http.js';
import { createQuery, deleteQuery, moveQuery, updateQuery } from '../api/queries.js';
import type { QueryRequest } from '../api/types.js';
import { DgwError } from '../errors.js';
import { ensureFolderHoldsWhatWasNamed, type NamedContents } from '../impact/folder-unchanged.js';
import { changedFields, viewOf } from './diff.js';
import { isWithin } from './layout.js';
import { readProject } from './read-project.js';
import type { ProjectState, QueryView } from './model.js';
import type { Step } from './order.js';
import { describeKnowledgeStep, sendKnowledgeStep } from './knowledge/steps.js';

/** What one step does, in a few words: `create query daily in /reports`. */
export function describeStep(step: Step): string {
  switch (step.op) {
    case 'createFolder':
      return `create folder ${step.folder}`;
    case 'createQuery':
      return `create query ${step.name}${step.change.after.folder === '/' ? '' : ` in ${step.change.after.folder}`}`;
    case 'updateQuery':
      return `update query ${step.name} (${step.fields.join(', ')})`;
    case 'moveQuery':
      return `move query ${step.name} to ${step.folder}`;
    case 'moveFolder':
      return `${step.how} folder ${step.folder} to ${step.to} with ${step.queries.length === 1 ? 'query' : 'queries'} ${step.queries.join(', ')}`;
    case 'deleteQuery':
      return `delete query ${step.name}`;
    case 'deleteFolder':
      return step.queries.length > 0
        ? `delete folder ${step.folder} with ${step.queries.length === 1 ? 'query' : 'queries'} ${step.queries.join(', ')}`
        : `delete folder ${step.folder}`;
    default:
      return describeKnowledgeStep(step);
  }
}

/** A step that failed part-way through an apply: what was done and what was not. */
export class ApplyStoppedError extends DgwError {
  constructor(
    readonly step: Step,
    readonly done: Step[],
    readonly notDone: Step[],
    readonly failure: DgwError,
    /** The options that read the same files again (`--dir queries --prune`), for the commands the hint quotes. */
    again = '',
  ) {
    const words = (verb: string, extra = '') => ['dgw', verb, again, extra].filter((w) => w !== '').join(' ');
    // Stopped or cut off in flight, the request may have reached the service: say so, not "failed".
    const inFlight = failure.kind === 'interrupted' || failure.kind === 'network';
    const last = done.at(-1);
    const replaced = step.op === 'deleteGoldenSql' && last?.op === 'addGoldenSql' && last.question === step.question;
    const carried = `${done.length} of ${done.length + notDone.length + 1} requests were carried out`;
    super(failure.kind, inFlight ? `${describeStep(step)} was cut off (${failure.message}): the service may have carried it out` : `${describeStep(step)} failed: ${failure.message}`, {
      status: failure.status,
      errorCode: failure.errorCode,
      cause: failure,
      hint: inFlight
        ? `${carried}, and perhaps the one cut off; \`${words('plan')}\` shows what is left, and \`${words('apply')}\` does it`
        : replaced
          ? `${carried}; the new answer was added, so the old one (${step.id}) is now unmanaged: \`${words('apply', again.includes('--prune') ? '' : '--prune')}\` deletes it, as does \`dgw golden-sql rm ${step.id}\``
          : `${carried}; fix the cause and run \`${words('apply')}\` again: it plans from the project as it is now and does the rest`,
    });
  }
}

/**
 * Sends the steps one by one, later steps knowing queries created earlier by their new ids; a failure stops with ApplyStoppedError.
 * `asked`: a person was asked, so a pruned folder is read again before its forced delete (others could write to it meanwhile);
 * `again`: the options a failure's hint gives the plan and apply it quotes.
 */
export async function applySteps(http: Http, projectId: string, steps: Step[], project: ProjectState, onDone: (step: Step) => void, { asked = false, again = '' } = {}): Promise<void> {
  const ids = new Map(project.queries.map((q) => [q.name, q.id]));
  const done: Step[] = [];
  for (const [index, step] of steps.entries()) {
    try {
      if (asked && step.op === 'deleteFolder' && step.force) await ensureFolderHoldsWhatWasNamed(http, projectId, { id: step.id, path: step.folder }, plannedContents(step, project));
      if (asked && step.op === 'deleteQuery') await ensureQueryAsPlanned(http, projectId, step, project);
      await send(http, projectId, step, ids);
    } catch (error) {
      if (error instanceof DgwError) throw new ApplyStoppedError(step, done, steps.slice(index + 1), error, again);
      throw error;
    }
    done.push(step);
    onDone(step);
  }
}

/** A query is deleted by its id: read again after the question, one edited, renamed or moved meanwhile is not deleted. */
async function ensureQueryAsPlanned(http: Http, projectId: string, step: Extract<Step, { op: 'deleteQuery' }>, project: ProjectState): Promise<void> {
  const planned = project.queries.find((q) => q.id === step.id);
  const now = (await readProject(http, projectId)).queries.find((q) => q.id === step.id);
  if (!planned || !now) return;
  const changed = [...(now.name === planned.name ? [] : ['name']), ...changedFields(viewOf(planned), viewOf(now))];
  if (changed.length > 0) throw new DgwError('conflict', `query ${step.name} changed while the question waited (${changed.join(', ')}), so it was not deleted`, { hint: 'run `dgw plan` to see it as it is now' });
}

/** What the plan deletes with a pruned folder: every folder below it, and the queries its step names (the others were moved out first). */
function plannedContents(step: Extract<Step, { op: 'deleteFolder' }>, project: ProjectState): NamedContents {
  return {
    subfolders: project.folders.filter((f) => f.path !== step.folder && isWithin(f.path, step.folder)),
    queries: project.queries.filter((q) => step.queries.includes(q.name)),
  };
}

async function send(http: Http, projectId: string, step: Step, ids: Map<string, string>): Promise<void> {
  switch (step.op) {
    case 'createFolder':
      // The folder's path as its `folderName` (`/a/b` → `a/b`): the service makes missing parents.
      await createFolder(http, projectId, folderSegments(step.folder).join('/'));
      return;
    case 'createQuery': {
      const { after, from, checkSchemaExists } = step.change;
      const body: QueryRequest = { displayName: after.displayName, queryType: after.materialized ? 'MATERIALIZED' : 'PLAIN', ...sqlSource(after, from, ids) };
      if (after.schedule) body.schedule = after.schedule;
      if (after.folder !== '/') body.path = after.folder;
      const created = await createQuery(http, projectId, body, { checkSchemaExists });
      ids.set(step.name, created.id);
      return;
    }
    case 'updateQuery': {
      const { after, from, checkSchemaExists } = step.change;
      const body: QueryRequest = {};
      if (step.fields.includes('displayName')) body.displayName = after.displayName;
      if (step.fields.includes('sql')) Object.assign(body, sqlSource(after, from, ids));
      if (step.fields.includes('materialized')) body.queryType = after.materialized ? 'MATERIALIZED' : 'PLAIN';
      if (step.fields.includes('schedule')) body.schedule = after.schedule ?? { type: 'none' };
      await updateQuery(http, projectId, step.id, body, { checkSchemaExists });
      return;
    }
    case 'moveQuery':
      await moveQuery(http, projectId, step.id, step.folder);
      return;
    case 'moveFolder':
      if (step.how === 'move') await moveFolder(http, projectId, step.id, step.to);
      else await renameFolder(http, projectId, step.id, folderSegments(step.to).at(-1)!);
      return;
    case 'deleteQuery':
      await deleteQuery(http, projectId, step.id);
      return;
    case 'deleteFolder':
      await deleteFolder(http, projectId, step.id, step.force);
      return;
    default:
      await sendKnowledgeStep(http, projectId, step);
  }
}

function sqlSource(after: QueryView, from: string | null, ids: Map<string, string>): Pick<QueryRequest, 'inputQuery' | 'inputQueryRefId'> {
  if (from === null) return { inputQuery: after.sql };
  const id = ids.get(from);
  // The plan checked the source exists (as a file created earlier in this apply, or in the project).
  if (id === undefined) throw new DgwError('internal', `no id for ${from}, the source of a copy`);
  return { inputQueryRefId: id };
}
