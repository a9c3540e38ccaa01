import type { ConnectionConfig, ConnectionConfigField } from '../api/types.js';

type Row = [type: string, label: string, auth: string, category: string, fields: string, docs: string];

const FIELD_TEXT: Record<string, string> = {
  path: 'Path of the file, a folder of them or a glob (each file a table); read-only',
  url: 'Host name or address of the database server',
  port: 'TCP port of the server',
  user: 'User name to connect as',
  password: 'Password of that user',
  databaseName: 'Name of the database to read',
  useSsl: 'Whether to connect over TLS (true or false)',
  clientId: 'OAuth 2.0 client id of your app; leave empty to use the shared app',
  clientSecret: 'OAuth 2.0 client secret of your app; leave empty to use the shared app',
  privateAppAccessToken: 'Access token of a HubSpot private app',
  token: 'API token, sent as a bearer token',
  personalAccessToken: 'Personal access token with read access to the bases',
  domain: 'Your account domain, for example mycompany',
  uniqueId: 'Unique identifier of the OAuth client',
  secret: 'Secret of the OAuth client',
  apiAccessToken: 'Admin API access token of a custom app',
  serviceUrl: 'Base URL of your site, for example https://mycompany.atlassian.net',
  username: 'User name or e-mail address',
  apiToken: 'API token of that user',
  apiKey: 'API key',
  host: 'Host name of the server',
  useTls: 'Whether to use TLS (true or false)',
  tenantId: 'Azure AD tenant id',
  dynamics365Url: 'URL of your Dynamics 365 environment',
};

/** A field whose meaning depends on the type: a duckdb connection's path is one database file. */
const TYPE_FIELD_TEXT: Record<string, string> = { 'duckdb.path': "Path of the DuckDB database file (its tables are the catalog's); read-only" };

/** The fields that are not text, in the document's three field types. */
const FIELD_TYPES: Record<string, 'number' | 'boolean'> = { port: 'number', useSsl: 'boolean', useTls: 'boolean' };

// From the hosted service's reference (shared/spec/hosted-service-notes.md); * marks required fields.
const ROWS: Row[] = [
  // The types the local gateway itself connects to (their category says so); the others it only describes.
  ['duckdb', 'DuckDB database file', 'custom', 'Served by the local gateway', 'path*', 'https://duckdb.org/docs/stable/sql/statements/attach'],
  ['csv', 'CSV files', 'custom', 'Served by the local gateway', 'path*', 'https://duckdb.org/docs/stable/data/csv/overview'],
  ['parquet', 'Parquet files', 'custom', 'Served by the local gateway', 'path*', 'https://duckdb.org/docs/stable/data/parquet/overview'],
  ['json', 'JSON files', 'custom', 'Served by the local gateway', 'path*', 'https://duckdb.org/docs/stable/data/json/overview'],
  ['POSTGRES', 'PostgreSQL', 'custom', 'Database', 'url* port* user* password* databaseName* useSsl*', 'https://www.postgresql.org/docs/current/libpq-connect.html'],
  ['google_sheets', 'Google Sheets', 'oauth2', 'Database', 'clientId clientSecret', 'https://developers.google.com/sheets/api/guides/authorizing'],
  ['google_analytics', 'Google Analytics', 'oauth2', 'Analytics', 'clientId clientSecret', 'https://developers.google.com/analytics/devguides/reporting/data/v1'],
  ['hubspot', 'Hubspot (OAuth)', 'oauth2', 'CRM', 'clientId clientSecret', 'https://developers.hubspot.com/docs/api/oauth-quickstart-guide'],
  ['hubspot_access_token', 'Hubspot (Private App Access Token)', 'bearer_token', 'CRM', 'privateAppAccessToken*', 'https://developers.hubspot.com/docs/api/private-apps'],
  ['slack', 'Slack', 'oauth2', 'Communication', 'clientId clientSecret', 'https://api.slack.com/authentication/oauth-v2'],
  ['intercom', 'Intercom', 'oauth2', 'Customer Support', 'clientId clientSecret', 'https://developers.intercom.com/building-apps/docs/setting-up-oauth'],
  ['sendgrid', 'SendGrid', 'bearer_token', 'Email & Marketing', 'token*', 'https://docs.sendgrid.com/ui/account-and-settings/api-keys'],
  ['stripe', 'Stripe', 'bearer_token', 'Payment', 'token*', 'https://docs.stripe.com/keys'],
  ['airtable', 'Airtable', 'bearer_token', 'Database', 'personalAccessToken*', 'https://airtable.com/developers/web/guides/personal-access-tokens'],
  ['zendesk', 'Zendesk', 'oauth2', 'Customer Support', 'domain* uniqueId* secret*', 'https://developer.zendesk.com/api-reference/introduction/security-and-auth/'],
  ['shopify', 'Shopify', 'api_key', 'Commerce', 'domain* apiAccessToken*', 'https://shopify.dev/docs/apps/auth/admin-app-access-tokens'],
  ['jira', 'Jira', 'basic', 'Project Management', 'serviceUrl* username* apiToken*', 'https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/'],
  ['mailchimp_transactional', 'Mailchimp Transactional', 'api_key', 'Email & Marketing', 'apiKey*', 'https://mailchimp.com/developer/transactional/guides/quick-start/'],
  ['openai', 'OpenAI', 'bearer_token', 'AI', 'token*', 'https://platform.openai.com/docs/api-reference/authentication'],
  ['smtp_connection', 'SMTP Connection', 'basic', 'Email & Marketing', 'host* port* username* password* useTls*', 'https://datatracker.ietf.org/doc/html/rfc5321'],
  ['dynamics_365', 'Dynamics 365', 'oauth2', 'CRM & ERP', 'clientId clientSecret tenantId dynamics365Url*', 'https://learn.microsoft.com/power-apps/developer/data-platform/authenticate-oauth'],
  ['zoho_crm', 'Zoho CRM', 'oauth2', 'CRM & ERP', 'clientId clientSecret domain*', 'https://www.zoho.com/crm/developer/docs/api/v6/oauth-overview.html'],
];

function toConfig([connectionType, label, auth, category, fields, documentationUrl]: Row): ConnectionConfig {
  const configuration: ConnectionConfigField[] = fields.split(' ').map((f) => {
    const fieldName = f.replace(/\*$/, '');
    return { fieldName, fieldType: FIELD_TYPES[fieldName] ?? 'text', required: f.endsWith('*'), description: TYPE_FIELD_TEXT[`${connectionType}.${fieldName}`] ?? FIELD_TEXT[fieldName] ?? fieldName };
  });
  const schemaKind = auth === 'custom' ? connectionType.toLowerCase() : auth;
  return {
    connectionType,
    connectionTypeLabel: label,
    name: label,
    authorizationType: auth,
    credentialSchemaType: `${schemaKind}_credential_schema`,
    redirectRequired: auth === 'oauth2',
    category,
    configuration,
    documentationUrl,
  };
}

/** The connection types the local gateway describes; it connects to those served by it (duckdb, csv, parquet, json). */
export const CONNECTION_CONFIGS: readonly ConnectionConfig[] = ROWS.map(toConfig);

/** A connection type by its exact id, or undefined. */
export function connectionConfig(type: string): ConnectionConfig | undefined {
  return CONNECTION_CONFIGS.find((c) => c.connectionType === type);
}
