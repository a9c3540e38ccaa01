/** A query as the local gateway's list answers it (the bench's data set's first), with fields replaced by `over`. */
export function sampleQuery(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '383912441430812996',
    displayName: 'Scale query 0',
    name: 'scalequery0',
    inputQuery: "SELECT 0 AS n, 'query 0' AS label",
    queryType: 'PLAIN',
    schedule: null,
    path: '/area-0',
    folderId: '3b4ad4bf-991d-4461-85ff-febb06b4c0de',
    ...over,
  };
}
