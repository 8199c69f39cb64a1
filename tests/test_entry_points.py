"""Entry points found by each language's rules, on real repositories."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path


def entry_points(root: Path) -> set[tuple[str, str]]:
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "graph", str(root), "--no-cache", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    )
    return {
        (e["id"].removeprefix("python:").removeprefix("js:").removeprefix("go:"), e["kind"])
        for e in json.loads(result.stdout)["entry_points"]
    }


TESTDATA = Path(__file__).resolve().parent.parent / "testdata"


def graph_entry_points(root: Path) -> set[tuple[str, str]]:
    """(id, kind) of every entry point of ``root``'s graph, ids whole."""
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "graph", str(root), "--no-cache", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    )
    return {(e["id"], e["kind"]) for e in json.loads(result.stdout)["entry_points"]}


def fixture_repo(make_repo: Callable[..., Path], case: Path) -> Path:
    """A git repository of a fixture case's files (its EXPECTED aside)."""
    return make_repo(
        {
            p.relative_to(case).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(case.rglob("*"))
            if p.is_file() and p.name != "EXPECTED"
        }
    )


def test_python_entry_points(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "pyproject.toml": '[project]\nname = "app"\n[project.scripts]\napp = "app.cli:main"\n'
            '[project.gui-scripts]\napp-gui = "app.cli:Gui.run"\n',
            "setup.cfg": "[options.entry_points]\nconsole_scripts =\n    tool = app.tools:run\n",
            "app/__init__.py": "from .core import engine, _private\n",
            "app/core.py": '__all__ = ["engine"]\n\ndef engine():\n    pass\n\n'
            "def helper():\n    pass\n\ndef _private():\n    pass\n",
            "app/cli.py": "import click\n\n@click.command()\ndef main():\n    pass\n\n"
            "class Gui:\n    def run(self):\n        pass\n\n"
            'if __name__ == "__main__":\n    main()\n',
            "app/tools.py": "def run():\n    pass\n",
            "app/web.py": "from flask import Flask\nfrom fastapi import APIRouter\n"
            'app = Flask(__name__)\nrouter = APIRouter()\n\n@app.route("/")\ndef home():\n'
            '    pass\n\n@router.get("/items")\nasync def items():\n    pass\n\n'
            "@functools.cache\ndef cached():\n    pass\n",
            "app/jobs.py": "from celery import shared_task\n\n@shared_task\ndef nightly():\n"
            "    pass\n",
            "site/__init__.py": "",
            "site/views.py": "def index(request):\n    pass\n\nclass Page:\n    pass\n",
            "site/urls.py": "from django.urls import path\nfrom site import views\n\n"
            'urlpatterns = [path("", views.index), path("p", views.Page.as_view())]\n',
        }
    )
    assert entry_points(root) == {
        ("app.core.engine", "public-api"),
        ("app.cli", "main"),
        ("app.cli.main", "cli-command"),
        ("app.cli.main", "console-script"),
        ("app.cli.Gui.run", "gui-script"),
        ("app.tools.run", "console-script"),
        ("app.web.home", "http-route"),
        ("app.web.items", "http-route"),
        ("app.jobs.nightly", "job"),
        ("site.views.index", "django-view"),
        ("site.views.Page", "django-view"),
    }


def test_javascript_entry_points(make_repo: Callable[..., Path]) -> None:
    folder = Path(__file__).resolve().parent.parent / "testdata" / "entry_points" / "javascript"
    root = make_repo(
        {
            path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*"))
            if path.is_file()
        }
    )
    assert entry_points(root) == {
        # Next.js app router: the exported GET of a route.ts
        ("app/api/users/route.ts:GET", "http-route"),
        # package.json bin, and commander's .action(...)
        ("bin/cli.js", "main"),
        ("bin/cli.js", "cli-command"),
        # NestJS: the decorated handler, not its helper
        ("src/cats.controller.ts:CatsController.findOne", "http-route"),
        # what `main` (dist/index.js, mapped back to src/index.ts) exports
        ("src/server.ts:start", "public-api"),
        ("src/routes/users.ts:listUsers", "public-api"),
        # Express routes with inline handlers, named by path (GET and POST: one symbol)
        ("src/server.ts:/users", "http-route"),
        # ...and with a named handler, here or imported
        ("src/server.ts:removeUser", "http-route"),
        ("src/routes/users.ts:listUsers", "http-route"),
    }


def test_go_entry_points(make_repo: Callable[..., Path]) -> None:
    folder = Path(__file__).resolve().parent.parent / "testdata" / "entry_points" / "go"
    root = make_repo(
        {
            path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*"))
            if path.is_file()
        }
    )
    assert entry_points(root) == {
        # `func main()` of `package main`; a command's RunE
        ("cmd/shop:main", "main"),
        ("cmd/shop:serve", "cli-command"),
        # a handler given to a ServeMux (a Go 1.22 pattern), and one written inline:
        # the function around it is entered
        ("api:ListItems", "http-route"),
        ("cmd/shop:serve", "http-route"),
        # `init` runs when the package is imported
        ("api:init@items.go", "init"),
        # exported names of a library package; internal/ is not public
        ("api:ListItems", "public-api"),
    }


def test_ruby_entry_points(make_repo: Callable[..., Path]) -> None:
    folder = Path(__file__).resolve().parent.parent / "testdata" / "entry_points" / "ruby"
    root = make_repo(
        {
            path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*"))
            if path.is_file()
        }
    )
    assert {(i.removeprefix("rb:"), kind) for i, kind in entry_points(root)} == {
        # Rails routes: `resources` less `except:`, and `to: "controller#action"`
        ("ItemsController#index", "http-route"),
        ("ItemsController#show", "http-route"),
        ("ItemsController#export", "http-route"),
        # Sinatra's routes: the blocks, named by their paths
        ("app/server.rb:/health", "http-route"),
        ("app/server.rb:/items", "http-route"),
        # a Rake task with a block, in its namespace (`rake items:reindex`)
        ("lib/tasks/items.rake:items/reindex", "cli-command"),
        ("Rakefile:build", "cli-command"),
        # scripts in bin/ and exe/
        ("bin/setup.rb", "main"),
        ("exe/items.rb", "main"),
        # RSpec's examples are tests
        ("spec/items_spec.rb:items/lists", "test"),
    }


def test_rust_entry_points(make_repo: Callable[..., Path]) -> None:
    found = graph_entry_points(fixture_repo(make_repo, TESTDATA / "rust" / "04_entry_points"))
    assert found == {
        # `fn main` of the bin and example crates, not the library's
        ("rust:webshop/bin/webshop::main", "main"),
        ("rust:webshop/bin/import::main", "main"),
        ("rust:webshop/example/demo::main", "main"),
        # clap's `#[derive(Parser)]` and `#[derive(Subcommand)]`
        ("rust:webshop/bin/webshop::Cli", "cli-command"),
        ("rust:webshop/bin/webshop::Command", "cli-command"),
        # axum's `.route("/x", get(h).post(h2))`, actix-web's `#[get]` and `.to(h)`
        ("rust:webshop::handlers::list_items", "http-route"),
        ("rust:webshop::handlers::create_item", "http-route"),
        ("rust:webshop::handlers::health", "http-route"),
        ("rust:webshop::legacy::legacy_index", "http-route"),
        ("rust:webshop::legacy::legacy_save", "http-route"),
    }


def test_swift_entry_points(make_repo: Callable[..., Path]) -> None:
    found = graph_entry_points(fixture_repo(make_repo, TESTDATA / "swift" / "03_entry_points"))
    assert found == {
        # `@main`, a SwiftUI `App`, the top-level code of `main.swift`
        ("swift:Tool.Tool", "main"),
        ("swift:Phone.PhoneApp", "main"),
        ("swift:Script/Sources/Script/main.swift", "main"),
        # swift-argument-parser: a command's `run()`
        ("swift:Tool.Tool.run", "cli-command"),
        # Vapor: the function holding `app.get("x") { }`, and a `use:` handler
        ("swift:Server.routes", "http-route"),
        ("swift:Server.UserController.create", "http-route"),
    }


def test_scala_entry_points(make_repo: Callable[..., Path]) -> None:
    case = TESTDATA / "scala" / "03_entry_points_and_tests"
    found = graph_entry_points(fixture_repo(make_repo, case))
    assert found == {
        # `object Server extends App`, `def main` in an object, `@main def`
        ("java:shop.Server", "main"),
        ("java:shop.Cli.main", "main"),
        ("java:shop.hello", "main"),
        # ScalaTest's and MUnit's tests mark their class; JUnit's `@Test` its method
        ("java:shop.CartSpec", "test"),
        ("java:shop.CartSuite", "test"),
        ("java:shop.CartTest.adds", "test"),
    }


def test_play_routes_enter_scala_controllers(make_repo: Callable[..., Path]) -> None:
    found = graph_entry_points(fixture_repo(make_repo, TESTDATA / "scala" / "04_play_routes"))
    # the routed methods; not `unused`, not the `->` sub-router, not the
    # Assets controller outside the repository
    assert found == {
        ("java:controllers.HomeController.index", "http-route"),
        ("java:controllers.ItemController.save", "http-route"),
    }
