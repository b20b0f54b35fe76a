"""The page's JavaScript modules (jass_sim/page/static/*.js, plain ES modules, no build step) as a graph read
from their ``import`` and ``export`` lines: no import cycle, every imported name exported by its module,
nothing from another host, every module reached from the page's entry, and the games kept apart (a game's
modules import only their own game's and the game-neutral ones; the neutral ones import no game's).

The browser would refuse a missing export only when it loads the module; this reads every module at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "jass_sim" / "page" / "static"
ENTRY = "app.js"  # the one <script type="module"> of index.html (checked below)
# the game-neutral modules: the DOM, the server's API, cards of any deck, the two kits, the History
NEUTRAL = {"dom.js", "api.js", "cards.js", "coachkit.js", "reviewkit.js", "history.js", "practice.js",
           "history_stats.js"}
JASS = {"jass.js", "advise.js", "table.js", "cardtable.js", "coach.js", "coach_mode.js", "review.js", "jass_practice.js",
        "coach_game.js", "coiffeur.js", "differenzler.js", "differenzler_coach.js"}
JASS |= {"coiffeur_coach.js"}  # the coached Coiffeur match (issue 53 item 6)

_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'`\\])//[^\n]*", re.S)
_FROM = re.compile(r"\b(import|export)\s+([^;'\"]*?)\s+from\s+[\"']([^\"']+)[\"']", re.S)
_BARE = re.compile(r"^\s*import\s+[\"']([^\"']+)[\"']", re.M)
_DYNAMIC = re.compile(r"\bimport\(\s*[\"']([^\"']+)[\"']\s*\)(?:\s*\.then\(\s*\(\s*\{([^}]*)\}\s*\)\s*=>)?")
_DECLARED = re.compile(r"^\s*export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)", re.M)
_LIST = re.compile(r"^\s*export\s*\{([^}]*)\}\s*;", re.M)


def _code(text: str) -> str:
    return _COMMENT.sub("", text)


def _names(clause: str) -> list[tuple[str, str]]:
    """(exported name, local name) of ``{ a, b as c }``."""
    out = []
    for part in clause.strip().strip("{}").split(","):
        words = part.split()
        if words:
            out.append((words[0], words[-1]))
    return out


def parse(name: str, text: str) -> dict:
    """The imports (module, names, namespace alias) and the exported names of one module's source."""
    code = _code(text)
    imports, exports = [], set(_DECLARED.findall(code))
    for clause in _LIST.findall(code):
        exports.update(exported for _, exported in _names(clause))
    for kind, clause, target in _FROM.findall(code):
        clause = clause.strip()
        if kind == "export":  # a re-export: `export { a as b } from`, `export * from`
            names = [] if clause == "*" else [local for local, _ in _names(clause)]
            exports.update(exported for _, exported in _names(clause) if clause != "*")
            imports.append({"target": target, "names": names, "namespace": None, "dynamic": False})
            continue
        names, namespace = [], None
        star = re.match(r"\*\s+as\s+([\w$]+)$", clause)
        if star:
            namespace = star.group(1)
        else:
            default, _, braces = clause.partition("{")
            if default.strip().rstrip(","):
                names.append("default")
            if braces:
                names += [imported for imported, _ in _names(braces)]
        imports.append({"target": target, "names": names, "namespace": namespace, "dynamic": False})
    for target in _BARE.findall(code):
        imports.append({"target": target, "names": [], "namespace": None, "dynamic": False})
    for target, destructured in _DYNAMIC.findall(code):
        names = [imported for imported, _ in _names(destructured)] if destructured else []
        imports.append({"target": target, "names": names, "namespace": None, "dynamic": True})
    if re.search(r"^\s*export\s+default\b", code, re.M):
        exports.add("default")
    # what a namespace import reads: `cards.cardLabel(...)`
    for imp in imports:
        if imp["namespace"]:
            imp["members"] = sorted(set(re.findall(rf"(?<![\w$./]){re.escape(imp['namespace'])}\.([\w$]+)", code)))
    return {"name": name, "imports": imports, "exports": exports}


def module_of(target: str) -> str:
    return target[2:] if target.startswith("./") else target


def load() -> dict[str, dict]:
    return {p.name: parse(p.name, p.read_text(encoding="utf-8")) for p in sorted(STATIC.glob("*.js"))}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle found by a depth-first walk (each as the path that closes it)."""
    found, state = [], {}

    def walk(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                walk(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    return found


def game_of(name: str) -> str | None:
    if name in NEUTRAL:
        return None
    if name in JASS:
        return "jass"
    for game in ("cribbage", "basra"):
        if name.startswith(game):
            return game
    raise AssertionError(f"{name}: neither a game's module nor a neutral one; name it in {__name__}")


@pytest.fixture(scope="module")
def modules():
    found = load()
    assert ENTRY in found and len(found) >= 10, sorted(found)
    return found


def test_the_entry_is_the_pages_module_script():
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", html) == [f"/static/{ENTRY}"]
    assert 'type="module"' in html


def test_every_import_is_a_module_of_the_page(modules):
    bad = [f"{m['name']}: {imp['target']}" for m in modules.values() for imp in m["imports"]
           if not imp["target"].startswith("./") or module_of(imp["target"]) not in modules]
    assert not bad, f"imports of no module of static/ (or from another host): {bad}"


def test_every_imported_name_is_exported(modules):
    missing = []
    for m in modules.values():
        for imp in m["imports"]:
            exports = modules[module_of(imp["target"])]["exports"]
            wanted = imp["names"] + imp.get("members", [])
            missing += [f"{m['name']} imports {n} from {imp['target']}" for n in wanted if n not in exports]
    assert not missing, missing


def test_no_import_cycle(modules):
    graph = {name: {module_of(imp["target"]) for imp in m["imports"]} for name, m in modules.items()}
    found = cycles(graph)
    assert not found, "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_every_module_is_reached_from_the_entry(modules):
    seen, todo = set(), [ENTRY]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += [module_of(imp["target"]) for imp in modules[name]["imports"]]
    assert seen == set(modules), f"modules no page loads: {sorted(set(modules) - seen)}"


def test_the_games_modules_stay_apart(modules):
    crossings = []
    for name, m in modules.items():
        if name == ENTRY:
            continue
        mine = game_of(name)
        for imp in m["imports"]:
            theirs = game_of(module_of(imp["target"]))
            if theirs is not None and theirs != mine:
                crossings.append(f"{name} ({mine or 'neutral'}) imports {imp['target']} ({theirs})")
    assert not crossings, crossings


# the reader itself, on sources written to fail it
def test_the_reader_sees_each_form_of_import_and_export():
    src = """
    // import { commented } from "./nothing.js";
    import { a, b as c } from "./x.js";
    import * as ns from "./y.js";
    import d, { e } from "./z.js";
    import "./side.js";
    export { f as g } from "./w.js";
    export const h = 1;
    export async function i() { return ns.j(ns.k); }
    const l = 2;
    export { l as m };
    import("./lazy.js").then(({ n, o }) => n(o));
    const url = "http://host/x.js"; // a comment after a string with //
    """
    m = parse("t.js", src)
    got = {(i["target"], tuple(i["names"]), i["namespace"], tuple(i.get("members", ()))) for i in m["imports"]}
    assert got == {("./x.js", ("a", "b"), None, ()), ("./y.js", (), "ns", ("j", "k")), ("./z.js", ("default", "e"), None, ()),
                   ("./side.js", (), None, ()), ("./w.js", ("f",), None, ()), ("./lazy.js", ("n", "o"), None, ())}
    assert m["exports"] == {"g", "h", "i", "m"}


def test_a_cycle_is_found_and_named():
    assert cycles({"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}, "d.js": {"a.js"}}) == [["a.js", "b.js", "c.js", "a.js"]]
    assert cycles({"a.js": {"b.js"}, "b.js": set(), "c.js": {"a.js", "b.js"}}) == []
