// The API docs page: Swagger UI (served from the swagger-ui-bundle package) over /openapi.json.
window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui" });
