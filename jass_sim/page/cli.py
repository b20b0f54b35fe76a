"""``jass-sim serve``: start the page on this machine."""

from __future__ import annotations

import click

from jass_sim.core.cli import command


def warm_up() -> None:
    """Compile (or load from Numba's cache) the kernels of the page's first question, ``advise``
    (trump or chibre), with tiny inputs: the page is ready when they are. The card-play kernels
    follow in the background (:func:`warm_up_jass_play`)."""
    import jass_sim

    jass_sim.advise("HJ H9 HA SK SQ D6 C7 C8 CT", samples=64, seed=0)


def warm_up_jass_play() -> None:
    """The kernels of Jass card play (play-advice with its endgame solver, the table's bots), after
    ``advise``, in the background: a card-play job sent before they are ready compiles them itself."""
    import jass_sim

    jass_sim.play_advice("HJ H9 HA SK SQ D6 C7 C8 CT", mode="H", played="D7 S6", leader=2, samples=16, seed=0)
    jass_sim.choose_card("net", "HJ H9 HA SK SQ D6 C7 C8 CT", mode="H", seed=0)


def warm_up_cribbage() -> None:
    """The Cribbage view's kernels (after Jass, in the background)."""
    from jass_sim import cribbage

    cribbage.discard("5H 5D JS 6C 4H KD", dealer=True)


def warm_up_basra() -> None:
    """The Basra view's kernels (after Jass, in the background)."""
    from jass_sim import basra

    basra.advise("HJ D10 C5 S3 HK H7", table="C2 D3 S4 HA", samples=64, seed=0)


#: What is warmed after Jass's ``advise``, in this order, while the page already answers it:
#: ``/api/health``'s ``games`` says which is ready.
BACKGROUND_WARM_UPS = (("jass-play", warm_up_jass_play), ("cribbage", warm_up_cribbage), ("basra", warm_up_basra))


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
