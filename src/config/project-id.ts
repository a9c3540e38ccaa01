const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** True when the id can name a project of the local gateway (and a file). */
export function validProjectId(id: string): boolean {
  return PROJECT_ID.test(id);
}

export const PROJECT_ID_RULE = 'a local project id is 1 to 64 letters, digits, "_" or "-", starting with a letter or digit';
