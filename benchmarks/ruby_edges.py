"""Ruby: the edges the resolver draws on a real library, against Ruby itself.

The workloads are Rack 2.2.22, Thor 1.2.1 and rspec-core 3.12.0, as Debian
12's ``ruby-*`` binary packages install them (pinned by sha256): each gem's
folder, with its gemspec. The oracle is Ruby 3.1
(``apt-get install ruby``) loading every file of the library's ``lib/``
(running the library is fine in a benchmark) and saying, for each constant
of the repository, where it is defined (``const_source_location``), its
ancestors and its singleton class's ancestors, and where each method called
on it or on its instances lands (``instance_method(m).source_location``,
``method(m).source_location``); ``$LOAD_PATH.resolve_feature_path`` says
where each ``require`` lands. The package carries the library, not its
tests: only code under ``lib/`` is scored.

Scored, at confidence 1.0: ``require`` edges; ``inherits`` edges (the base
is among the class's ancestors, or its singleton class's for ``extend``);
calls on a constant (``Foo.m``, ``Foo.new`` running ``initialize``) and on
``self`` (written or implicit) in a method of a class or module, against
where Ruby dispatches them. Recall: of the sites the oracle resolves into
the repository, the share given an edge at 1.0 to the same definition.
A seeded sample of 100 certain call edges is written to
``benchmarks/ruby_sample.txt`` with the oracle's verdict of each; the few in
files Ruby could not load here (``no-oracle``) were checked by hand there.

    python benchmarks/ruby_edges.py [--workload rack|thor|rspec-core|all] [--cache-dir DIR]
        [--sample benchmarks/ruby_sample.txt] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Deb, unpack_deb
from workloads import add_cache_dir_argument

from blast_radius.adapters.grammars import load_language
from blast_radius.core.extract import extract_facts
from blast_radius.core.facts import MODULE_SCOPE, FileFacts
from blast_radius.core.languages import language_by_name, language_for_path
from blast_radius.core.resolution import ANNOTATED_CONFIDENCE, CERTAIN
from blast_radius.core.resolve_ruby import _CONSTANT, CONSTRUCTOR, RubyResolver


@dataclass(frozen=True)
class Workload:
    """A gem as a Debian package installs it, and the prefix of its constants."""

    deb: Deb
    gem: str
    """The gem's folder under ``rubygems-integration/all/gems`` (``rack-2.2.22``)."""
    namespace: str
    needs: tuple[tuple[Deb, str], ...] = ()
    """Gems the library loads at run time (package, gem folder): on Ruby's load
    path for the oracle only."""


WORKLOADS = {
    "rack": Workload(
        Deb(
            "ruby-rack",
            "2.2.22-0+deb12u1",
            "18bab2c3caffa2b1a35cd73d49652d749909e87fd2d5b57dd4a594a02a6ad157",
        ),
        "rack-2.2.22",
        "Rack",
    ),
    "thor": Workload(
        Deb(
            "ruby-thor",
            "1.2.1-2",
            "509715d16039ee7336531718e2497d0f81ae125b9ee53f321dd909c2f03fd2e1",
        ),
        "thor-1.2.1",
        "Thor",
    ),
    "rspec-core": Workload(
        Deb(
            "ruby-rspec-core",
            "3.12.0c0e1m1s0-1",
            "67a0563cc9b164b8c1209468e24bd6e3c8d84a7ea5ad03c755a19ef988b40bd2",
        ),
        "rspec-core-3.12.0",
        "RSpec",
        (
            (
                Deb(
                    "ruby-rspec-support",
                    "3.12.0c0e1m1s0-1",
                    "7ec8da07f0622531c2d4c132230c146b2fcb626a50da287ed1b44885054374b6",
                ),
                "rspec-support-3.12.0",
            ),
        ),
    ),
}
SEED = 20261201
HAND_CHECKED = {
    (
        "rb:Rack::Handler::FastCGI.run:28",
        "rb:Rack::Handler::FastCGI.serve",
    ): "right (by hand: implicit self in `def self.run`; `def self.serve` in the same class)",
    (
        "rb:Rack::Handler::FastCGI.serve:49",
        "rb:Rack::RewindableInput#initialize",
    ): "right (by hand: `RewindableInput` nested in Rack is Rack::RewindableInput)",
    (
        "rb:Rack::Handler::FastCGI.serve:70",
        "rb:Rack::Handler::FastCGI.send_headers",
    ): "right (by hand: implicit self in `def self.serve`; `def self.send_headers` at line 81)",
    (
        "rb:Rack::Handler::FastCGI.serve:71",
        "rb:Rack::Handler::FastCGI.send_body",
    ): "right (by hand: implicit self in `def self.serve`; `def self.send_body` at line 92)",
    (
        "rb:Rack::Handler::LSWS.run:10",
        "rb:Rack::Handler::LSWS.serve",
    ): "right (by hand: implicit self in `def self.run`; `def self.serve` at line 13)",
    (
        "rb:Rack::Handler::LSWS.serve:18",
        "rb:Rack::RewindableInput#initialize",
    ): "right (by hand: `RewindableInput` nested in Rack is Rack::RewindableInput)",
    (
        "rb:Rack::Handler::LSWS.serve:35",
        "rb:Rack::Handler::LSWS.send_headers",
    ): "right (by hand: implicit self in `def self.serve`; `def self.send_headers` at line 43)",
    (
        "rb:Rack::Handler::LSWS.serve:36",
        "rb:Rack::Handler::LSWS.send_body",
    ): "right (by hand: implicit self in `def self.serve`; `def self.send_body` at line 53)",
    (
        "rb:Rack::Handler::SCGI.run:13",
        "rb:Rack::Handler::SCGI#initialize",
    ): "right (by hand: `new` in `def self.run` runs the class's own `initialize` (line 29))",
    (
        "rb:Rack::Handler::SCGI#process_request:57",
        "rb:Rack::Handler::SCGI#app",
    ): "right (by hand: implicit self; `attr_accessor :app` at line 9)",
}
"""Verdicts given by hand to sampled edges in files Ruby could not load here."""

ORACLE = r"""
require "json"
$VERBOSE = nil
root = File.expand_path(ARGV[0])
(ARGV[3] || "").split("\n").reject(&:empty?).each { |dir| $LOAD_PATH.push(dir) }
$LOAD_PATH.unshift(File.join(root, "lib"))
failed = []
Dir[File.join(root, "lib", "**", "*.rb")].sort.each do |file|
  begin
    require file
  rescue Exception
    failed << file[root.size + 1..]
  end
end
inside = ->(loc) { loc && loc[0].start_with?(root + "/") ? [loc[0][root.size + 1..], loc[1]] : nil }
constants = {}
ObjectSpace.each_object(Module) do |mod|
  name = begin; mod.name; rescue Exception; nil; end
  next unless name && (name == ARGV[2] || name.start_with?(ARGV[2] + "::"))
  parent_name, _, short = name.rpartition("::")
  parent = parent_name.empty? ? Object : Object.const_get(parent_name) rescue next
  where = inside.(parent.const_source_location(short)) rescue nil
  instance = {}
  supers = {}
  (mod.instance_methods + mod.private_instance_methods).uniq.each do |m|
    method = mod.instance_method(m) rescue nil
    loc = inside.(method&.source_location)
    instance[m] = loc if loc
    up = inside.(method&.super_method&.source_location) rescue nil
    supers[m] = up if loc && up
  end
  single = {}
  (mod.methods + mod.private_methods).uniq.each do |m|
    loc = inside.(mod.method(m).source_location) rescue nil
    single[m] = loc if loc
  end
  constants[name] = {
    "where" => where,
    "kind" => mod.is_a?(Class) ? "class" : "module",
    "ancestors" => mod.ancestors.map(&:name).compact,
    "singleton_ancestors" => mod.singleton_class.ancestors.map { |a| a.name }.compact,
    "instance" => instance,
    "super" => supers,
    "singleton" => single,
  }
end
requires = {}
JSON.parse(ARGV[1]).each do |file, how, feature|
  found =
    if how == "require_relative"
      path = File.expand_path(feature, File.dirname(File.join(root, file)))
      [path, path + ".rb"].find { |p| File.file?(p) }
    else
      ($LOAD_PATH.resolve_feature_path(feature) rescue nil)&.last
    end
  requires["#{file}\t#{how}\t#{feature}"] =
    found && found.start_with?(root + "/") ? found[root.size + 1..] : nil
end
puts JSON.generate({"constants" => constants, "requires" => requires, "failed" => failed})
$stdout.flush
exit!(0) # no at_exit hook of the library (rspec/autorun runs the suite there)
"""


def _oracle(
    root: Path, features: list[tuple[str, str, str]], namespace: str, load_path: list[Path]
) -> dict[str, Any]:
    proc = subprocess.run(
        [
            "ruby",
            "-e",
            ORACLE,
            str(root),
            json.dumps(features),
            namespace,
            "\n".join(str(p) for p in load_path),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    data = json.loads(proc.stdout)
    assert isinstance(data, dict)
    return data


def _facts(root: Path) -> tuple[list[FileFacts], list[str], float]:
    compiled = load_language(language_by_name("ruby"))
    paths = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    started = time.perf_counter()
    facts = [
        extract_facts(compiled, path, (root / path).read_bytes())
        for path in paths
        if (rule := language_for_path(path)) is not None and rule.name == "ruby"
    ]
    return facts, paths, time.perf_counter() - started


def _ratio(good: int, total: int) -> str:
    return f"{good}/{total} = {good / total:.3f}" if total else "n/a"


def main() -> None:
    """Fetch the workload, build the edges, ask Ruby, print the scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_cache_dir_argument(parser)
    parser.add_argument("--sample", type=Path, default=None, help="write the sample here")
    parser.add_argument("--verbose", action="store_true", help="print each disagreement")
    parser.add_argument(
        "--workload", choices=[*WORKLOADS, "all"], default="all", help="which gem (default: all)"
    )
    args = parser.parse_args()
    names = list(WORKLOADS) if args.workload == "all" else [args.workload]
    for name in names:
        # the sample is drawn from the first workload's edges
        _score(
            WORKLOADS[name],
            args.cache_dir,
            bool(args.verbose),
            args.sample if name == names[0] else None,
        )


def prepare(workload: Workload, cache_dir: Path) -> Path:
    """The gem's folder and its gemspec as a repository (made once in the cache)."""
    unpacked = unpack_deb(workload.deb, cache_dir / "ruby", tag="ruby")
    root = cache_dir / "ruby" / "repo" / workload.deb.slug
    if not (root / "lib").is_dir():
        integration = unpacked / "usr" / "share" / "rubygems-integration" / "all"
        shutil.copytree(integration / "gems" / workload.gem, root)
        shutil.copy(integration / "specifications" / f"{workload.gem}.gemspec", root)
    return root


def _score(workload: Workload, cache_dir: Path, verbose: bool, sample_path: Path | None) -> None:
    """Score one workload's edges against Ruby and print the figures."""
    root = prepare(workload, cache_dir)
    facts, paths, parse_seconds = _facts(root)
    manifests = [
        (p, (root / p).read_text(encoding="utf-8", errors="replace"))
        for p in paths
        if p.endswith(".gemspec")
    ]
    started = time.perf_counter()
    resolver = RubyResolver(facts, paths, manifests)
    outputs = resolver.build([f.path for f in facts])
    resolve_seconds = time.perf_counter() - started
    lib = [f for f in facts if f.path.startswith("lib/")]
    features = sorted({(f.path, i.name or "require", i.source) for f in lib for i in f.imports})
    load_path = [
        unpack_deb(deb, cache_dir / "ruby", tag="ruby")
        / "usr/share/rubygems-integration/all/gems"
        / gem
        / "lib"
        for deb, gem in workload.needs
    ]
    oracle = _oracle(root, features, workload.namespace, load_path)
    constants: dict[str, dict[str, Any]] = oracle["constants"]
    requires: dict[str, str | None] = oracle["requires"]
    nodes = {n.id: n for out in outputs.values() for n in out.nodes}

    texts: dict[str, list[str]] = {}

    def lands(node_id: str, where: object) -> bool:
        """Whether Ruby's (file, line) of a method is the node's definition. Ruby
        gives an ``attr_reader :a,\n :b`` method the line of the call; the node
        is the symbol, on that line or a later one of the same call."""
        node = nodes.get(node_id)
        if node is None or not isinstance(where, list) or node.path != where[0]:
            return False
        line = int(where[1])
        if node.start_line <= line <= node.end_line:
            return True
        if not texts.get(node.path):
            texts[node.path] = (root / node.path).read_text(errors="replace").split("\n")
        written = texts[node.path][line - 1].strip() if line <= len(texts[node.path]) else ""
        return written.startswith("attr") and line < node.start_line <= line + 5

    print(
        f"\nworkload: {workload.deb.package} {workload.deb.version} "
        f"({len(facts)} Ruby files, {len(lib)} under lib/)"
    )
    errors = [f.path for f in facts if f.syntax_errors]
    print(f"files with syntax errors: {len(errors)} {errors[:5]}")
    print(f"parse {parse_seconds:.2f} s, resolve {resolve_seconds:.2f} s")

    # ---- require -------------------------------------------------------------
    good = total = recalled = expected = 0
    for item in lib:
        for imp in item.imports:
            how = imp.name or "require"
            ours = resolver._require_target(item.path, how, imp.source)
            landed = requires.get(f"{item.path}\t{how}\t{imp.source}")
            if verbose and ours != landed:
                print(f"  require {item.path}:{imp.line} {imp.source}: ours {ours}, Ruby {landed}")
            if ours is not None:
                total += 1
                good += ours == landed
            if landed is not None:
                expected += 1
                recalled += ours == landed
    print(f"require: precision {_ratio(good, total)}, recall {_ratio(recalled, expected)}")

    # ---- constants -----------------------------------------------------------
    defined = {
        name: info
        for name, info in constants.items()
        if isinstance(info.get("where"), list) and str(info["where"][0]).startswith("lib/")
    }
    ours_constants = {
        n.id[3:]: n for n in nodes.values() if n.kind == "class" and _CONSTANT.fullmatch(n.id[3:])
    }
    # a file Ruby could not load (a handler for a server gem not installed) is not judged
    failed = set(oracle["failed"])
    print(f"files Ruby could not load (not judged): {len(failed)} {sorted(failed)}")
    lib_constants = {
        k: v
        for k, v in ours_constants.items()
        if v.path.startswith("lib/") and v.path not in failed
    }
    right = sum(1 for name in lib_constants if name in constants)
    found = sum(1 for name in defined if name in ours_constants)
    if verbose:
        print("  not constants to Ruby:", sorted(n for n in lib_constants if n not in constants))
        print("  no node:", sorted(n for n in defined if n not in ours_constants))
    print(
        f"constants: precision {_ratio(right, len(lib_constants))}, "
        f"recall {_ratio(found, len(defined))}"
    )

    # ---- inheritance -----------------------------------------------------------
    good = total = 0
    closure: dict[str, set[str]] = {}
    for path, out in outputs.items():
        for edge in out.edges:
            if edge.kind != "inherits" or not path.startswith("lib/"):
                continue
            source, target = edge.source[3:], edge.target[3:]
            closure.setdefault(source, set()).add(target)
            info = constants.get(source)
            if info is None:
                continue
            total += 1
            key = "singleton_ancestors" if "extend" in edge.tags else "ancestors"
            good += target in info[key]
    print(f"inherits (1.0): precision {_ratio(good, total)}")
    recalled = expected = 0
    for name, info in defined.items():
        expected_ancestors = {a for a in info["ancestors"] if a in defined and a != name}
        reach: set[str] = set()
        todo = list(closure.get(name, ()))
        while todo:
            current = todo.pop()
            if current not in reach:
                reach.add(current)
                todo.extend(closure.get(current, ()))
        expected += len(expected_ancestors)
        recalled += len(expected_ancestors & reach)
    print(f"ancestors within the repository: recall {_ratio(recalled, expected)}")

    # ---- calls -------------------------------------------------------------------
    verdicts: list[tuple[str, str, int, str, str]] = []  # (category, source, line, target, verdict)
    scores: Counter[str] = Counter()
    all_edges = 0
    name_matched = 0
    for item in lib:
        names = resolver._files[item.path].names
        for ref in item.references:
            if ref.kind not in ("call", "value") or (
                ref.kind == "value" and _CONSTANT.fullmatch(ref.name)
            ):
                continue
            targets, tags, _ = resolver._resolve(item.path, ref)
            source = (
                PREFIX_MODULE + item.path if ref.scope == MODULE_SCOPE else names.ids[ref.scope]
            )
            all_edges += bool(targets)
            name_matched += bool(targets) and "name-match" in tags
            kind, owner, single, nesting = resolver._context(item.path, ref.scope)
            truth: object = None
            category = ""
            if ref.receiver is not None and _CONSTANT.fullmatch(ref.receiver):
                # the constant Ruby finds: lexically (the nesting is syntax), then at the top
                written = ref.receiver.removeprefix("::")
                lexical = (
                    [] if ref.receiver.startswith("::") else [f"{n}::{written}" for n in nesting]
                )
                constant = next((c for c in [*lexical, written] if c in constants), None)
                category = "constant receiver"
                info = constants.get(constant or "")
                if info is not None:
                    if ref.name == "new":
                        truth = info["instance"].get("initialize")
                    else:
                        truth = info["singleton"].get(ref.name)
            elif ref.receiver is None and kind == "constant" and ref.name == "super":
                category = "super"
                info = constants.get(owner)
                method_index = resolver._enclosing_method(item.path, ref.scope)
                if info is not None and method_index is not None and not single:
                    method_name = item.definitions[method_index].name
                    truth = info["super"].get(method_name)
            elif (ref.receiver in (None, "self")) and kind == "constant" and ref.name != "super":
                if ref.kind == "value" and resolver._is_local(item.path, ref.scope, ref.name):
                    continue
                category = "self"
                info = constants.get(owner)
                if info is not None:
                    table = info["singleton" if single else "instance"]
                    # `new` on the class itself runs initialize
                    method = CONSTRUCTOR if single and ref.name == "new" else ref.name
                    truth = (table if method == ref.name else info["instance"]).get(method)
            if ref.receiver is not None and not category and "name-match" not in tags:
                head = ref.receiver.removesuffix(".new")
                if head != ref.receiver:
                    written_class: str | None = head
                elif head.startswith("@") or resolver._is_local(item.path, ref.scope, head):
                    written_class = resolver._typed(item.path, ref.scope, head)
                else:
                    written_class = resolver._typed(item.path, ref.scope, ":" + head)
                typed_class = resolver._constant(written_class, nesting) if written_class else None
                info = constants.get(typed_class or "")
                if info is not None:
                    landed = info["instance"].get(ref.name)
                    for symbol, confidence in targets:
                        if confidence == ANNOTATED_CONFIDENCE:
                            verdict = "right" if lands(resolver._id(symbol), landed) else "wrong"
                            scores[f"typed:{verdict}"] += 1
            certain = [
                (symbol, c) for symbol, c in targets if c == CERTAIN and "name-match" not in tags
            ]
            if ref.name == "new" and certain:
                certain = [
                    (s, c) for s, c in certain if resolver._id(s).endswith("#initialize")
                ] or certain[:0]
            for symbol, _ in certain:
                target = resolver._id(symbol)
                if not category:
                    verdicts.append(("other", source, ref.line, target, "unjudged"))
                    continue
                if truth is None and item.path in failed:
                    verdict = "no-oracle"
                elif truth is None:
                    verdict = (
                        "no-oracle"
                        if constants.get(owner if category == "self" else "") is None
                        and category == "self"
                        else "wrong"
                    )
                else:
                    verdict = "right" if lands(target, truth) else "wrong"
                scores[f"{category}:{verdict}"] += 1
                if verbose and verdict == "wrong":
                    site = f"{source}:{ref.line} {ref.receiver}.{ref.name}"
                    print(f"  wrong {category} {site} -> {target}, Ruby {truth}")
                verdicts.append((category, source, ref.line, target, verdict))
            if category and truth is not None:
                scores[f"{category}:expected"] += 1
                if any(lands(resolver._id(s), truth) for s, _ in certain):
                    scores[f"{category}:recalled"] += 1
                elif verbose:
                    site = f"{source}:{ref.line} {ref.receiver}.{ref.name}"
                    print(f"  missed {category} {site}: Ruby {truth}")
    for category in ("constant receiver", "self", "super"):
        right = scores[f"{category}:right"]
        judged = right + scores[f"{category}:wrong"]
        print(
            f"calls on {category} (1.0): precision {_ratio(right, judged)}, "
            f"recall {_ratio(scores[f'{category}:recalled'], scores[f'{category}:expected'])}"
        )
    right = scores["typed:right"]
    print(
        f"calls on typed receivers (0.9): precision {_ratio(right, right + scores['typed:wrong'])}"
    )
    categories = ("constant receiver", "self", "super")
    right = sum(scores[f"{c}:right"] for c in categories)
    judged = right + sum(scores[f"{c}:wrong"] for c in categories)
    print(f"all judged calls (1.0): precision {_ratio(right, judged)}")
    unjudged = sum(scores[f"{c}:no-oracle"] for c in categories)
    print(f"certain calls in files Ruby could not load (not judged): {unjudged}")
    print(f"name-matched share of resolved call sites: {_ratio(name_matched, all_edges)}")
    if sample_path is not None:
        rng = random.Random(SEED)
        sample = rng.sample(sorted(verdicts), min(100, len(verdicts)))
        lines = [
            f"# {workload.deb.package} {workload.deb.version}: 100 certain (1.0) call edges"
            f" from lib/, seed {SEED}.",
            "# verdict: right/wrong by Ruby's own dispatch (ruby_edges.py's oracle), or",
            "# hand-checked where the oracle cannot judge (a file Ruby could not load here).",
        ]
        lines += [
            f"{category}\t{source}:{line}\t-> {target}\t"
            + HAND_CHECKED.get((f"{source}:{line}", target), verdict)
            for category, source, line, target, verdict in sorted(sample)
        ]
        sample_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"sample of {len(sample)} written to {sample_path}")


PREFIX_MODULE = "rb:"

if __name__ == "__main__":
    main()
