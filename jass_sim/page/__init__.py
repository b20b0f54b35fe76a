"""``jass-sim serve``: the player's page and its job API (Starlette and uvicorn, one process).

- :mod:`.commands`: the commands a job may run, each a public Python function of the package.
- :mod:`.jobs`: the job queue: one worker thread runs the jobs in order (the compiled kernels
  release the GIL, so the server keeps answering), with progress, cancellation and warm-up.
- :mod:`.app`: the routes (``/api/health``, ``/api/jobs``, the page and its static files).
- :mod:`.cli`: the ``serve`` command.

The page itself is plain HTML, CSS and JavaScript in ``static/`` (package data, no build step,
nothing loaded from another host).
"""
