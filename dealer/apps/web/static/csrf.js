// The session's CSRF token (issue 26) sent with every state-changing request the page makes: the
// server put it in <meta name="csrf-token"> and checks it on every POST, PUT, PATCH and DELETE.
(function () {
  "use strict";
  const meta = document.querySelector('meta[name="csrf-token"]');
  if (!meta) return;
  const token = meta.content;
  const send = window.fetch.bind(window);
  window.fetch = function (input, init) {
    const options = Object.assign({}, init || {});
    const method = (options.method || (input instanceof Request ? input.method : "GET"))
      .toUpperCase();
    if (!["GET", "HEAD", "OPTIONS"].includes(method)) {
      const headers = new Headers(options.headers || (input instanceof Request ? input.headers : {}));
      headers.set("X-CSRF-Token", token);
      options.headers = headers;
    }
    return send(input, options);
  };
})();
