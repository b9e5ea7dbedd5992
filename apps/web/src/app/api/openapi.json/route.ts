import { API } from '@/server/api-routes';
import { buildOpenApiDocument, type OpenApiDocument } from '@/server/openapi';
import { withRoute } from '@/server/route';

// GET /api/openapi.json - the OpenAPI 3.1 document of this API; built on the first request, then
// kept: it depends only on the code.
let document: OpenApiDocument | undefined;

export const GET = withRoute(API.openapi, async () => (document ??= buildOpenApiDocument()));
export { PATCH, PUT } from '@/server/refused-methods';
