import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A golden SQL or relation added with a body of {} was refused naming only its first missing
// field, so each fix met the next refusal; the refusal names every field still missing.
let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(async () => {
  await g.close();
});
const metadata = P.replace('/data/projects/', '/metadata/');

describe('an add of project knowledge missing its fields', () => {
  it.each([
    ['golden SQL, {}', `${metadata}/golden-sqls`, {}, 'prompt and sql are required'],
    ['golden SQL without sql', `${metadata}/golden-sqls`, { prompt: 'Q' }, 'sql is required'],
    ['relation, {}', `${metadata}/relations/1/table/orders/customer_id`, {}, 'targetCatalogId, targetSchemaName, targetTableName and targetColumnName are required'],
    ['relation without its table and column', `${metadata}/relations/1/table/orders/customer_id`, { targetCatalogId: '1', targetSchemaName: 'table' }, 'targetTableName and targetColumnName are required'],
  ])('%s: 400 naming each missing field, and nothing kept', async (_what, path, body, message) => {
    const r = await g.call('POST', path, { body });
    expect([r.status, r.body.message]).toEqual([400, message]);
    expect((await g.call('GET', `${metadata}/golden-sqls`)).body.goldenSqls).toEqual([]);
    expect((await g.call('GET', `${metadata}/relations/1`)).body.relations).toEqual([]);
  });
});
