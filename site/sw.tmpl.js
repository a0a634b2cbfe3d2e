// Layout Lab's service worker: after one visit the widget and everything it loads work offline.
// gen writes the version (a hash of the built files) and the file list, so each build gets its
// own cache and the old one is deleted when the new worker activates.
"use strict";
const VERSION = "layoutlab-__VERSION__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== VERSION && key.startsWith("layoutlab-")) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// Cache first for the precached build (it is immutable per version); the network for anything
// else, so nothing outside the build is ever stored.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(VERSION);
    const hit = await cache.match(req, { ignoreSearch: true });
    return hit || fetch(req);
  })());
});
