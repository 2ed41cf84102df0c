// The Play page offline: every file it needs, kept at the first visit before the games start
// (the page waits for it), so Python loads this copy: each file is downloaded once, and the next
// visit starts from the code compiled from it. A new version of the site keeps its own copy and
// drops the old. Written by make docs (sim/browser/build.py).
"use strict";

const VERSION = {{ version|tojson }};
const FILES = {{ files|tojson }};
const KEPT = "aseb-play-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(KEPT).then((cache) => cache.addAll(FILES))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("aseb-play-") && name !== KEPT)
    .map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(KEPT)
    .then((cache) => cache.match(request, { ignoreSearch: true }))
    .then((found) => found || fetch(request)));
});
