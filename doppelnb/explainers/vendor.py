"""Fetch the JavaScript an exported explainer needs, through npm, and cache it.

The default nbconvert HTML loads the widget renderer, require.js and MathJax from CDNs, which
cannot be reached offline: the widgets area is then silently empty. This script fetches the same
files with ``npm pack`` (the npm registry only, no CDN), unpacks them once into
a cache (``build/vendor/`` in a checkout of the repository, else ``$XDG_CACHE_HOME/doppelnb/vendor``
or ``~/.cache/doppelnb/vendor``; ``DOPPELNB_VENDOR_CACHE`` overrides) and copies the few files a
page needs next to the exported HTML.

    python -m doppelnb.explainers.vendor        # fetch (if needed) and print where the files are
                                                # (also axe-core, for the browser tests)
    python -m doppelnb.explainers.vendor DEST   # also install them into DEST (idempotent)

Re-running is quick: a package whose unpacked copy is already in the cache is not fetched again.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: whether the package runs from a checkout of the repository (not an installed wheel)
IN_REPO = (ROOT / "pyproject.toml").is_file() and (ROOT / "doppelnb").is_dir()


def _cache() -> Path:
    if os.environ.get("DOPPELNB_VENDOR_CACHE"):
        return Path(os.environ["DOPPELNB_VENDOR_CACHE"])
    if IN_REPO:
        return ROOT / "build" / "vendor"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "doppelnb" / "vendor"


CACHE = _cache()

# npm spec -> cache folder name. Pinned to the majors nbconvert's lab template expects:
# html-manager 1.x renders ipywidgets 8 state (widget state version 2).
PACKAGES = {
    "@jupyter-widgets/html-manager@1": "html-manager",
    "requirejs@2": "requirejs",
    "mathjax@2.7.9": "mathjax",
}
#: Fetched into the same cache but never copied next to a page: the accessibility checker the
#: browser tests inject into each page they open (tests/browser/test_accessibility.py).
TEST_PACKAGES = {
    "axe-core@4": "axe-core",
}

# What the page loads, relative to the HTML file (passed to nbconvert's HTMLExporter).
WIDGET_RENDERER_URL = "embed-amd.js"
REQUIRE_JS_URL = "require.js"
MATHJAX_URL = "mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"

FONT_SUFFIXES = {".woff2", ".woff", ".ttf", ".eot", ".svg"}
FONT_FOLDERS = ("@jupyter-widgets", "@jupyter-widgets/html-manager/dist")

# MathJax 2 ships 73 MB (every font family, every output jax, an unpacked copy). Explainers use
# the TeX input and the CommonHTML output with the TeX fonts, so only that is copied next to them.
MATHJAX_KEEP = [
    "MathJax.js",
    "config/TeX-AMS_CHTML-full.js",
    "config/Safe.js",
    "config/local",
    "extensions",
    "localization/en",
    "jax/input/TeX",
    "jax/element",
    "jax/output/CommonHTML",
    "fonts/HTML-CSS/TeX/woff",
    "fonts/HTML-CSS/TeX/otf",
]


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is needed to fetch the explainers' JavaScript (apt-get install -y npm)")
    return npm


def fetch(cache: Path = CACHE, quiet: bool = False,
          packages: dict[str, str] | None = None) -> dict[str, Path]:
    """Unpacked package folders (``packages``: npm spec -> cache folder name, by default what
    a page needs), fetched with ``npm pack`` only when not cached yet."""
    cache.mkdir(parents=True, exist_ok=True)
    folders = {}
    for spec, name in (PACKAGES if packages is None else packages).items():
        folder = cache / name
        stamp = folder / ".doppelnb-spec"
        if not (stamp.exists() and stamp.read_text() == spec):
            if not quiet:
                print(f"vendor: npm pack {spec}", flush=True)
            tarballs = cache / "tarballs"
            tarballs.mkdir(exist_ok=True)
            out = subprocess.run(
                [_npm(), "pack", "--silent", "--json", spec, "--pack-destination", str(tarballs)],
                check=True, capture_output=True, text=True, cwd=cache).stdout
            filename = json.loads(out)[0]["filename"]
            tmp = cache / f".{name}.tmp"
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir()
            with tarfile.open(tarballs / Path(filename).name) as tar:
                tar.extractall(tmp, filter="data")
            shutil.rmtree(folder, ignore_errors=True)
            (tmp / "package").rename(folder)
            tmp.rmdir()
            (tarballs / Path(filename).name).unlink()
            stamp.write_text(spec)
        folders[name] = folder
    return folders


def _copy(src: Path, dst: Path) -> None:
    if src.is_dir():
        shutil.copytree(src, dst, dirs_exist_ok=True)
    else:
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def install(dest: Path, cache: Path = CACHE, quiet: bool = False) -> None:
    """Copy the renderer, require.js and a trimmed MathJax into ``dest`` (idempotent)."""
    folders = fetch(cache, quiet)
    dest.mkdir(parents=True, exist_ok=True)
    stamp = dest / ".vendor-installed"
    wanted = "\n".join(f"{spec} {(folders[n] / '.doppelnb-spec').stat().st_mtime_ns}"
                       for spec, n in PACKAGES.items())
    if stamp.exists() and stamp.read_text() == wanted:
        return
    dist = folders["html-manager"] / "dist"
    _copy(dist / "embed-amd.js", dest / "embed-amd.js")
    # The renderer's CSS asks for its icon fonts (FontAwesome, hashed names) at these two paths,
    # relative to the page; without them every icon is a blank box and the console shows errors.
    for f in dist.iterdir():
        if f.suffix in FONT_SUFFIXES:
            for folder in FONT_FOLDERS:
                _copy(f, dest / folder / f.name)
    for lic in ("LICENSE", "LICENSE.txt"):
        if (folders["html-manager"] / lic).exists():
            _copy(folders["html-manager"] / lic, dest / "html-manager-LICENSE")
    _copy(folders["requirejs"] / "require.js", dest / "require.js")
    mathjax = dest / "mathjax"
    for part in MATHJAX_KEEP:
        src = folders["mathjax"] / part
        if not src.exists():
            raise SystemExit(f"vendor: {src} is missing from the MathJax package")
        _copy(src, mathjax / part)
    _copy(folders["mathjax"] / "LICENSE", mathjax / "LICENSE")
    stamp.write_text(wanted)
    if not quiet:
        print(f"vendor: installed renderer, require.js and MathJax into {dest}")


def axe_script(cache: Path = CACHE, quiet: bool = True) -> Path:
    """``axe.min.js`` of axe-core (fetched through npm into the cache once): the accessibility
    checker the browser tests run inside every exported page."""
    script = fetch(cache, quiet, TEST_PACKAGES)["axe-core"] / "axe.min.js"
    if not script.is_file():
        raise SystemExit(f"vendor: {script} is missing from the axe-core package")
    return script


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", nargs="?", type=Path, help="install the files into this folder")
    args = parser.parse_args(argv)
    folders = fetch()
    folders.update(fetch(packages=TEST_PACKAGES))
    for name, folder in folders.items():
        print(f"vendor: {name}: {folder}")
    if args.dest:
        install(args.dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
