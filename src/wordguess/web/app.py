"""The app factory: the API under /api/ (one router per area: AREAS), the static pages, the API
docs served without a CDN, the error handlers and the middleware."""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import compile_path

from wordguess.errors import WordguessError
from wordguess.web import advisers, analyze, assist, explore, games, play, share
from wordguess.web.analyze import work
from wordguess.web.common import ERRORS
from wordguess.web.config import Settings
from wordguess.web.security import BodyLimit, SecurityHeaders
from wordguess.web.state import AppState

STATIC = Path(__file__).parent / "static"
SHOWN = 40  # the longest text a refusal echoes
log = logging.getLogger("wordguess.web")
# The areas of the API, each a module with its router: its routes, its requests and answers and
# what they do. A new area is a module and a line here.
AREAS = (games, assist, share, play, analyze, explore)


def validation_message(exc: RequestValidationError) -> str:
    """Return the first validation error in one line: where (the field, not the body or the
    request's member for its game, named as a class: AssistWordle.turns.0.guess), and what is wrong."""
    errors = exc.errors()
    if not errors:
        return "the request is not valid"
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body" and not str(part)[:1].isupper())
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    message = str(first.get("msg", "not valid")).removeprefix("Value error, ")
    value, pattern = first.get("input"), (first.get("ctx") or {}).get("pattern")
    if pattern is not None and isinstance(value, str) and len(value) <= SHOWN:  # what was typed, and the form it needs
        message = f"{value!r} is not of the form {pattern}"
    # a field's error names the field; the whole body's (its one way, JSON that does not parse) does not
    return (f"{where}: {message}{more}" if where else f"{message}{more}").replace("\n", " ")


def add_error_handlers(app: FastAPI) -> None:
    """Every error is a JSON {"detail": one line}: bad input 4xx, never a trace. A request that
    does not fit the document is a 400; one that fits it and that the game refuses (the
    library's WordguessError: a word it does not take, a reply that contradicts the turns) a 409."""

    @app.exception_handler(WordguessError)
    async def refused(request: Request, exc: WordguessError) -> JSONResponse:
        return JSONResponse({"detail": str(exc).splitlines()[0] if str(exc) else "refused"}, status_code=409)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_message(exc)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s", request.url.path)
        return JSONResponse({"detail": "internal error: the server could not answer this request"}, status_code=500)


def add_docs(app: FastAPI) -> None:
    """Serve Swagger UI at /docs from the swagger-ui-bundle package (no CDN; the page's script is
    a file, so the content security policy needs no inline script)."""
    try:
        from swagger_ui_bundle import swagger_ui_path
    except ImportError:  # the docs page is optional; /openapi.json stays
        return
    app.mount("/docs-assets", StaticFiles(directory=swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> FileResponse:
        return FileResponse(STATIC / "docs.html")


def add_api_fallback(app: FastAPI) -> None:
    """Answer a request under /api/ that no route takes: 405 with the `Allow` header when the
    path exists with other methods (GET /api/assist), else 404; never the static pages' answer
    (which allows GET and HEAD only)."""
    paths: list = []  # (the path's pattern, its methods), from the OpenAPI document on first use

    @app.api_route("/api/{rest:path}", methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
                   include_in_schema=False)
    def api_fallback(request: Request, rest: str) -> JSONResponse:
        if not paths:
            paths.extend((compile_path(path)[0], {m.upper() for m in methods})
                         for path, methods in app.openapi()["paths"].items())
        allowed = sorted({m for pattern, methods in paths if pattern.match(request.url.path) for m in methods})
        if not allowed:
            return JSONResponse({"detail": f"no API route {request.url.path}"}, status_code=404)
        return JSONResponse({"detail": f"{request.method} is not allowed here; allowed: {', '.join(allowed)}"},
                            status_code=405, headers={"Allow": ", ".join(allowed)})


def without_framework_refusals(app: FastAPI) -> None:
    """Keep the document to the answers the API gives: its 400 for a request that does not fit,
    not the framework's 422 with its list of errors (which the error handler never sends)."""
    make = app.openapi

    def openapi() -> dict:
        if app.openapi_schema is None:
            schema = make()
            for operations in schema["paths"].values():
                for operation in operations.values():
                    operation["responses"].pop("422", None)
            for name in ("HTTPValidationError", "ValidationError"):
                schema.get("components", {}).get("schemas", {}).pop(name, None)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def create_app(settings: Settings | None = None) -> FastAPI:
    """Return the web app (one per server process)."""
    settings = settings or Settings()
    state = AppState(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        state.pool.start(work.ready)
        if state.advisers is not None:
            state.advisers.start(advisers.ready)
        yield
        state.pool.close()
        if state.advisers is not None:
            state.advisers.close()

    app = FastAPI(title="wordguess", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play, assist, analyse and explore feedback word-guessing games. Every error is "
                              'a 4xx with {"detail": "one line"}.')
    app.state.wordguess = state
    for area in AREAS:
        app.include_router(area.router, prefix="/api", responses=ERRORS)
    add_error_handlers(app)
    without_framework_refusals(app)
    if settings.docs:
        add_docs(app)
    add_api_fallback(app)
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    if settings.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["content-type"])
    if settings.trusted_hosts:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=[f"[{h}]" if ":" in h else h
                                                                 for h in settings.trusted_hosts])
    app.add_middleware(BodyLimit, max_body=settings.limits.max_body)
    app.add_middleware(GZipMiddleware, minimum_size=1024)  # the pages and the catalogue travel compressed
    app.add_middleware(SecurityHeaders)
    return app
