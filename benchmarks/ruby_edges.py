"""Ruby: the edges the resolver draws on a real library, against Ruby itself.

The workload is Rack 2.2.22, as Debian 12's ``ruby-rack`` binary package
installs it (pinned by sha256): the gem's folder, with its gemspec. The oracle is Ruby 3.1
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

    python benchmarks/ruby_edges.py [--cache-dir DIR] [--sample benchmarks/ruby_sample.txt]
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
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Deb, unpack_deb
from workloads import add_cache_dir_argument

from blast_radius.adapters.grammars import load_language
from blast_radius.core.extract import extract_facts
from blast_radius.core.facts import MODULE_SCOPE, FileFacts
from blast_radius.core.languages import language_by_name, language_for_path
from blast_radius.core.resolution import CERTAIN
from blast_radius.core.resolve_ruby import _CONSTANT, CONSTRUCTOR, RubyResolver

RACK = Deb(
    "ruby-rack",
    "2.2.22-0+deb12u1",
    "18bab2c3caffa2b1a35cd73d49652d749909e87fd2d5b57dd4a594a02a6ad157",
)
SEED = 20261201

ORACLE = r"""
require "json"
$VERBOSE = nil
root = File.expand_path(ARGV[0])
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
  next unless name && name.start_with?("Rack")
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
"""


def _oracle(root: Path, features: list[tuple[str, str, str]]) -> dict[str, Any]:
    proc = subprocess.run(
        ["ruby", "-e", ORACLE, str(root), json.dumps(features)],
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
    args = parser.parse_args()
    verbose = bool(args.verbose)
    unpacked = unpack_deb(RACK, args.cache_dir / "ruby", tag="ruby")
    root = args.cache_dir / "ruby" / "repo" / RACK.slug
    if not (root / "lib").is_dir():
        integration = unpacked / "usr" / "share" / "rubygems-integration" / "all"
        shutil.copytree(integration / "gems" / "rack-2.2.22", root)
        shutil.copy(integration / "specifications" / "rack-2.2.22.gemspec", root)
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
    oracle = _oracle(root, features)
    constants: dict[str, dict[str, Any]] = oracle["constants"]
    requires: dict[str, str | None] = oracle["requires"]
    nodes = {n.id: n for out in outputs.values() for n in out.nodes}

    def lands(node_id: str, where: object) -> bool:
        node = nodes.get(node_id)
        if node is None or not isinstance(where, list):
            return False
        return bool(node.path == where[0] and node.start_line <= where[1] <= node.end_line)

    print(f"workload: rack {RACK.version} ({len(facts)} Ruby files, {len(lib)} under lib/)")
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
                constant = resolver._constant(ref.receiver, nesting)
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
                if truth is None:
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
    for category in ("constant receiver", "self", "super"):
        right = scores[f"{category}:right"]
        judged = right + scores[f"{category}:wrong"]
        print(
            f"calls on {category} (1.0): precision {_ratio(right, judged)}, "
            f"recall {_ratio(scores[f'{category}:recalled'], scores[f'{category}:expected'])}"
        )
    categories = ("constant receiver", "self", "super")
    right = sum(scores[f"{c}:right"] for c in categories)
    judged = right + sum(scores[f"{c}:wrong"] for c in categories)
    print(f"all judged calls (1.0): precision {_ratio(right, judged)}")
    print(f"name-matched share of resolved call sites: {_ratio(name_matched, all_edges)}")
    if args.sample is not None:
        rng = random.Random(SEED)
        sample = rng.sample(sorted(verdicts), min(100, len(verdicts)))
        lines = [
            f"# rack {RACK.version}: 100 certain (1.0) call edges from lib/, seed {SEED}.",
            "# verdict: right/wrong by Ruby's own dispatch (ruby_edges.py's oracle), or",
            "# hand-checked where the oracle cannot judge (a file Ruby could not load here).",
        ]
        lines += [
            f"{category}\t{source}:{line}\t-> {target}\t{verdict}"
            for category, source, line, target, verdict in sorted(sample)
        ]
        args.sample.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"sample of {len(sample)} written to {args.sample}")


PREFIX_MODULE = "rb:"

if __name__ == "__main__":
    main()
