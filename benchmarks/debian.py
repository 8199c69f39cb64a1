"""Code from Debian, pinned: binary packages (``apt-get download``) and source tarballs.

The benchmarks' world has no language package registries beyond PyPI and npm,
but it reaches Debian: binary packages carry Go module sources and Java jars,
and the archive's pool carries every source package's upstream tarball. Both
are fetched once into the cache folder, checked against a pinned sha256, and
unpacked once.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

POOL = "http://deb.debian.org/debian"


@dataclass(frozen=True)
class Deb:
    """A Debian binary package pinned by version and by the sha256 of its ``.deb``."""

    package: str
    version: str
    sha256: str

    @property
    def slug(self) -> str:
        return f"{self.package}_{self.version.replace(':', '%3a')}"


@dataclass(frozen=True)
class Orig:
    """A source package's upstream tarball in the pool, pinned by sha256.

    ``directory`` and ``filename`` are the ``Directory`` and ``Files`` fields of
    the package in ``dists/bookworm/main/source/Sources.xz``.
    """

    package: str
    version: str
    directory: str
    filename: str
    sha256: str

    @property
    def slug(self) -> str:
        return f"{self.package}_{self.version}"


def sha256_of(path: Path) -> str:
    """The hex sha256 of a file, read in blocks."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def unpack_deb(deb: Deb, cache_dir: Path, tag: str = "debian") -> Path:
    """Download (once) and unpack (once) ``deb``; return the root of its files.

    The ``.deb`` is kept in ``<cache>/deb/`` and checked against ``deb.sha256``;
    the unpacked tree is ``<cache>/deb-src/<package>_<version>/``.
    """
    cache_dir = Path(cache_dir).expanduser()
    root = cache_dir / "deb-src" / deb.slug
    done = cache_dir / "deb-src" / f"{deb.slug}.unpacked"
    if done.exists():
        return root
    dl_dir = cache_dir / "deb"
    dl_dir.mkdir(parents=True, exist_ok=True)
    path = dl_dir / f"{deb.slug}_all.deb"
    if not path.exists() or sha256_of(path) != deb.sha256:
        print(f"[{tag}] apt-get download {deb.package}={deb.version} ...", file=sys.stderr)
        with tempfile.TemporaryDirectory(dir=dl_dir) as tmp:
            proc = subprocess.run(
                ["apt-get", "download", "-q", f"{deb.package}={deb.version}"],
                cwd=tmp,
                capture_output=True,
                text=True,
                check=False,
            )
            if proc.returncode != 0:
                raise RuntimeError(f"apt-get download {deb.package}: {proc.stderr[-2000:]}")
            (got,) = Path(tmp).glob("*.deb")
            got.replace(path)
    digest = sha256_of(path)
    if digest != deb.sha256:
        raise RuntimeError(f"{path}: sha256 {digest}, expected {deb.sha256}")
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    subprocess.run(["dpkg-deb", "-x", str(path), str(root)], check=True)
    done.write_text(f"{deb.package}={deb.version}\n")
    return root


def unpack_orig(orig: Orig, cache_dir: Path, tag: str = "debian") -> Path:
    """Download (once) and unpack (once) an upstream tarball; return its top folder.

    The tarball is kept in ``<cache>/orig/`` and checked against ``orig.sha256``;
    it is unpacked into ``<cache>/orig-src/<package>_<version>/``, and the one
    folder every upstream tarball wraps its files in is returned.
    """
    cache_dir = Path(cache_dir).expanduser()
    root = cache_dir / "orig-src" / orig.slug
    done = cache_dir / "orig-src" / f"{orig.slug}.unpacked"
    if not done.exists():
        dl_dir = cache_dir / "orig"
        dl_dir.mkdir(parents=True, exist_ok=True)
        path = dl_dir / orig.filename
        if not path.exists() or sha256_of(path) != orig.sha256:
            url = f"{POOL}/{orig.directory}/{orig.filename}"
            print(f"[{tag}] fetching {url} ...", file=sys.stderr)
            with (
                tempfile.NamedTemporaryFile(dir=dl_dir, delete=False) as tmp,
                urllib.request.urlopen(url, timeout=120) as response,
            ):
                shutil.copyfileobj(response, tmp)
            Path(tmp.name).replace(path)
        digest = sha256_of(path)
        if digest != orig.sha256:
            raise RuntimeError(f"{path}: sha256 {digest}, expected {orig.sha256}")
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        with tarfile.open(path) as tf:
            tf.extractall(root, filter="data")
        done.write_text(f"{orig.package}={orig.version}\n")
    tops = [p for p in root.iterdir() if p.is_dir()]
    if len(tops) != 1:
        raise RuntimeError(f"{orig.filename}: expected one top folder, found {len(tops)}")
    return tops[0]
