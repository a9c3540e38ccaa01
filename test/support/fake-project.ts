import type { Recorded, RecordingServer, Reply } from './recording-server.js';

/** A query the fake project holds, in the document's shape. */
export interface FakeQuery {
  id: string;
  displayName: string;
  name: string;
  inputQuery: string;
  queryType: 'PLAIN' | 'MATERIALIZED';
  schedule: Record<string, unknown> | null;
  path: string | null;
  folderId: string | null;
}

/**
 * A small in-memory project served through the recording stand-in in the hosted service's shape
 * (the document's answers): list, create, update, move and delete queries; list, create and
 * delete folders. It keeps state between requests, so a test can apply, fail part-way and apply
 * again. `failWhen` injects a failure: the first request it matches gets the reply it returns.
 */
export class FakeProject {
  queries: FakeQuery[] = [];
  folders: Array<{ id: string; name: string; path: string; parentId: string | null }> = [];
  failWhen?: (req: Recorded) => Reply | undefined;
  /** Keeps `failWhen` for every request it matches (retries included), not only the first. */
  failStays = false;
  private next = 100000000000000000n;

  constructor(
    private readonly server: RecordingServer,
    private readonly project: string,
  ) {}

  /** Installs the routes (call after each reset of the server). */
  serve(): this {
    const base = `/data/projects/${this.project}/queries`;
    const route = (method: string, path: RegExp, handle: (req: Recorded, m: RegExpMatchArray) => Reply) =>
      this.server.on(method, path, (req) => {
        const failure = this.failWhen?.(req);
        if (failure) {
          if (!this.failStays) this.failWhen = undefined;
          return failure;
        }
        return handle(req, req.path.match(path)!);
      });
    const esc = base.replace(/\//g, '\\/');
    route('GET', new RegExp(`^${esc}$`), () => ({ json: this.queries }));
    route('POST', new RegExp(`^${esc}$`), (req) => this.create(req.json as Record<string, unknown>));
    route('PUT', new RegExp(`^${esc}/(\\d+)$`), (req, m) => this.update(m[1], req.json as Record<string, unknown>));
    route('PATCH', new RegExp(`^${esc}/(\\d+)/path$`), (req, m) => this.move(m[1], (req.json as { path: string }).path));
    route('DELETE', new RegExp(`^${esc}/(\\d+)$`), (_req, m) => this.remove(m[1]));
    route('GET', new RegExp(`^${esc}/folders$`), () => ({ json: { items: this.folders.map((f) => ({ ...f, createdAt: '2026-01-01T00:00:00Z' })) } }));
    route('POST', new RegExp(`^${esc}/folders$`), (req) => {
      const path = `/${String((req.json as { folderName: string }).folderName).replace(/^\/+/, '')}`;
      if (this.folders.some((f) => f.path === path)) return { status: 409, json: { errorCode: 409, message: `folder ${path} exists` } };
      const id = this.ensureFolder(path)!;
      const f = this.folders.find((x) => x.id === id)!;
      return { status: 201, json: { ...f, createdAt: '2026-01-01T00:00:00Z' } };
    });
    route('DELETE', new RegExp(`^${esc}/folders/(\\d+)$`), (req, m) => this.removeFolder(m[1], req.query.force === 'true'));
    route('PATCH', new RegExp(`^${esc}/folders/(\\d+)/path$`), (req, m) => this.relocateFolder(m[1], String((req.json as { path: string }).path)));
    route('PATCH', new RegExp(`^${esc}/folders/(\\d+)/name$`), (req, m) => {
      const folder = this.folders.find((f) => f.id === m[1]);
      const parent = folder ? folder.path.split('/').slice(0, -1).join('/') : '';
      return this.relocateFolder(m[1], `${parent}/${String((req.json as { name: string }).name)}`);
    });
    return this;
  }

  /** Adds a query directly (as if made by hand), with its folders. */
  add(q: Partial<FakeQuery> & { name: string; inputQuery: string }): FakeQuery {
    const path = q.path ?? null;
    const query: FakeQuery = {
      id: this.id(),
      displayName: q.displayName ?? q.name,
      queryType: q.queryType ?? 'PLAIN',
      schedule: q.schedule ?? null,
      ...q,
      path,
      folderId: path ? this.ensureFolder(path) : null,
    };
    this.queries.push(query);
    return query;
  }

  ensureFolder(path: string): string | null {
    let parentId: string | null = null;
    let at = '';
    for (const name of path.split('/').filter(Boolean)) {
      at = `${at}/${name}`;
      const found = this.folders.find((f) => f.path === at);
      if (found) {
        parentId = found.id;
        continue;
      }
      const folder: FakeProject['folders'][number] = { id: this.id(), name, path: at, parentId };
      this.folders.push(folder);
      parentId = folder.id;
    }
    return parentId;
  }

  private id(): string {
    this.next += 7n;
    return String(this.next);
  }

  private create(body: Record<string, unknown>): Reply {
    const name = String(body.displayName).toLowerCase().replace(/[^a-z0-9_]/g, '');
    if (this.queries.some((q) => q.name === name)) return { status: 409, json: { errorCode: 409, message: `a query named ${name} exists` } };
    const source = body.inputQueryRefId ? this.queries.find((q) => q.id === body.inputQueryRefId) : undefined;
    if (body.inputQueryRefId && !source) return { status: 404, json: { errorCode: 404, message: 'no source query' } };
    const query = this.add({
      name,
      displayName: String(body.displayName),
      inputQuery: source ? source.inputQuery : String(body.inputQuery),
      queryType: (body.queryType as FakeQuery['queryType']) ?? 'PLAIN',
      schedule: (body.schedule as FakeQuery['schedule']) ?? null,
      path: (body.path as string | undefined) ?? null,
    });
    return { json: query };
  }

  private update(id: string, body: Record<string, unknown>): Reply {
    const q = this.queries.find((x) => x.id === id);
    if (!q) return { status: 404, json: { errorCode: 404, message: 'no such query' } };
    if (body.displayName !== undefined) {
      q.displayName = String(body.displayName);
      q.name = q.displayName.toLowerCase().replace(/[^a-z0-9_]/g, '');
    }
    if (body.inputQueryRefId !== undefined) q.inputQuery = this.queries.find((x) => x.id === body.inputQueryRefId)!.inputQuery;
    else if (body.inputQuery !== undefined) q.inputQuery = String(body.inputQuery);
    if (body.queryType !== undefined) q.queryType = body.queryType as FakeQuery['queryType'];
    if (body.schedule !== undefined) q.schedule = (body.schedule as { type?: string })?.type === 'none' ? null : (body.schedule as FakeQuery['schedule']);
    if (q.queryType === 'PLAIN') q.schedule = null;
    return { json: q };
  }

  private move(id: string, path: string): Reply {
    const q = this.queries.find((x) => x.id === id);
    if (!q) return { status: 404, json: { errorCode: 404, message: 'no such query' } };
    q.folderId = this.ensureFolder(path);
    q.path = q.folderId ? path : null;
    return { status: 200 };
  }

  private remove(id: string): Reply {
    const before = this.queries.length;
    this.queries = this.queries.filter((q) => q.id !== id);
    return this.queries.length < before ? { status: 200 } : { status: 404, json: { errorCode: 404, message: 'no such query' } };
  }

  /** A folder and all it holds to a new path, its parent already there (409 when taken, or into itself). */
  private relocateFolder(id: string, path: string): Reply {
    const folder = this.folders.find((f) => f.id === id);
    if (!folder) return { status: 404, json: { errorCode: 404, message: 'no such folder' } };
    const parentPath = path.split('/').slice(0, -1).join('/');
    const parent = parentPath === '' ? null : this.folders.find((f) => f.path === parentPath);
    if (parent === undefined) return { status: 404, json: { errorCode: 404, message: `no folder ${parentPath}` } };
    if (this.folders.some((f) => f.path === path) || path.startsWith(`${folder.path}/`)) return { status: 409, json: { errorCode: 409, message: `cannot move ${folder.path} to ${path}` } };
    const old = folder.path;
    const moved = (p: string) => (p === old || p.startsWith(`${old}/`) ? `${path}${p.slice(old.length)}` : p);
    for (const f of this.folders) f.path = moved(f.path);
    for (const q of this.queries) if (q.path !== null) q.path = moved(q.path);
    folder.name = path.split('/').at(-1)!;
    folder.parentId = parent ? parent.id : null;
    return { json: { ...folder, createdAt: '2026-01-01T00:00:00Z' } };
  }

  private removeFolder(id: string, force: boolean): Reply {
    const folder = this.folders.find((f) => f.id === id);
    if (!folder) return { status: 404, json: { errorCode: 404, message: 'no such folder' } };
    const within = (p: string | null) => p !== null && (p === folder.path || p.startsWith(`${folder.path}/`));
    const inside = this.queries.filter((q) => within(q.path));
    const sub = this.folders.filter((f) => f.id !== id && within(f.path));
    if (!force && (inside.length > 0 || sub.length > 0)) return { status: 409, json: { errorCode: 409, message: 'folder is not empty' } };
    this.queries = this.queries.filter((q) => !within(q.path));
    this.folders = this.folders.filter((f) => !within(f.path));
    return { status: 204 };
  }
}
