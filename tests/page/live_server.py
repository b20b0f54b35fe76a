"""A real server of the page (uvicorn in a thread, on a free port) for browser tests and screenshots."""

from __future__ import annotations

import socket
import threading
import time


class LiveServer:
    def __init__(self, warm: bool = True):
        self.warm = warm
        self.server = None
        self.thread = None

    def start(self) -> str:
        import uvicorn

        from jass_sim.page.app import create_app
        from jass_sim.page.cli import warm_up

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        app = create_app(warm_up=warm_up if self.warm else None)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                                    timeout_graceful_shutdown=1))
        self.server.install_signal_handlers = lambda: None  # not the main thread
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the page server did not start")
            time.sleep(0.05)
        return f"http://127.0.0.1:{port}/"

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            self.thread.join(timeout=5)
