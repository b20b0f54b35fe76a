"""``jass-sim serve``: start the page on this machine."""

from __future__ import annotations

import click

from jass_sim.core.cli import command


def _warm_ups() -> list[tuple[str, object]]:
    """Every registered game's warm-ups (:attr:`jass_sim.core.game.Game.warm_ups`), in order."""
    from jass_sim.registry import GAMES

    return [pair for game in GAMES for pair in game.warm_ups]


def warm_up() -> None:
    """Compile (or load from Numba's cache) the kernels of the page's first question (the first
    registered game's first warm-up), with tiny inputs: the page is ready when they are. The other
    kernels follow in the background (:data:`BACKGROUND_WARM_UPS`)."""
    _warm_ups()[0][1]()


#: What is warmed after the first warm-up, in this order, while the page already answers it:
#: ``/api/health``'s ``games`` says which is ready.
BACKGROUND_WARM_UPS = tuple(_warm_ups()[1:])


@command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: reachable from a phone on the same network).")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@click.option("--data-dir", default=None, metavar="DIR", help="Keep the history of reviewed rounds in DIR "
              "[default: $JASS_SIM_DATA_DIR, else the user's data directory].")
def serve(host: str, port: int, no_browser: bool, data_dir: str | None):
    """The player's page: advice, the table, review and a coached round, in a browser.

    One process on this machine; every script and style ships in the package (nothing is loaded
    from another host). The kernels compile in the background at start ("preparing the engine").
    On an address other than loopback (--host 0.0.0.0) the page wants the random token of the
    printed URL (?token=...). Ctrl-C stops it.
    """
    import socket
    import threading
    import webbrowser

    import uvicorn

    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_dir
    from jass_sim.core.history import HistoryStore, history_path
    from jass_sim.page.app import create_app
    from jass_sim.page.auth import is_loopback, new_token

    if data_dir is not None:  # before anything starts: a directory the history can be kept in
        check_output_dir(data_dir, "--data-dir")
    history = HistoryStore(history_path(data_dir))

    try:  # a port in use is bad input: one line, exit 2, before anything starts
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise InputError(f"cannot listen on {host}:{port}: {exc.strerror}", f"{host}:{port}") from None
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{port}/"
    token = None
    if not is_loopback(host):
        token = new_token()  # off loopback every request must carry it (jass_sim.page.auth)
        url += f"?token={token}"
        click.echo(f"jass-sim: warning: listening on {host}: anyone on your network who has the URL with its "
                   "token can use this page", err=True)
    click.echo(f"jass-sim page at {url} (Ctrl-C stops it); history in {history.path}")
    app = create_app(warm_up=warm_up, token=token, history=history, background=BACKGROUND_WARM_UPS)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1,
                            access_log=False)
    server = uvicorn.Server(config)
    if not no_browser:
        def open_when_up():
            import time

            for _ in range(100):
                if server.started:
                    webbrowser.open(url)
                    return
                time.sleep(0.1)
        threading.Thread(target=open_when_up, daemon=True).start()
    server.run()
