"""``dealer serve``: the trainer, the floor desk and the progress pages in a browser.

Needs the ``web`` extra (Starlette, uvicorn). Modules: ``app`` (routes and checks), ``server``
(uvicorn), ``trainer_adapter`` (the one place the trainer's headless session is driven),
``sessions`` (live sessions, capped), ``store`` (progress in SQLite), ``view`` (the table as the
page draws it), ``pages`` (server-drawn HTML), ``texts`` (the pages' words in three languages),
``cards`` (the card images), ``static/`` (the trainer page, its script and style, the cards).
"""
