// The service worker: it keeps the page's own files (not the API's answers), so the page opens
// offline (it then says the server is out of reach, and the game kept in the browser stays).
// Network first, so a new version of the page is seen at once; the copy kept when offline.
const CACHE = "wordguess-page-v1";
const PAGE = ["/", "/index.html", "/css/app.css", "/manifest.webmanifest", "/icons/icon.svg", "/icons/icon-192.png",
  "/icons/icon-512.png", ...["main", "api", "dom", "assist", "play", "analyze", "boards", "explore", "daily", "hosted",
    "keyboard", "screen", "setting"].map((name) => `/js/${name}.js`)];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PAGE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const own = url.origin === self.location.origin && event.request.method === "GET";
  if (!own || url.pathname.startsWith("/api/") || url.pathname.startsWith("/docs") || url.pathname === "/openapi.json") return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    }
    return response;
  }).catch(() => caches.match(event.request, { ignoreSearch: true })
    .then((kept) => kept || (event.request.mode === "navigate" ? caches.match("/") : Response.error()))));
});
