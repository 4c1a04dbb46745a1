"""The command line: output format, exit codes, lossless convert."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from sitemap_studio.cli import main
from sitemap_studio.cli.names import COMMANDS

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DATA = (f"<?xml version='1.0' encoding='UTF-8'?>\n<!-- hi -->\n<urlset xmlns='{NS}' "
        "xmlns:image='http://www.google.com/schemas/sitemap-image/1.1'>\n"
        "  <url><loc>https://example.com/a</loc><image:image><image:loc>https://example.com/i"
        "</image:loc></image:image></url>\n</urlset>").encode()


def test_info_prints_kind_counts_and_namespaces(tmp_path, capsys) -> None:
    path = tmp_path / "s.xml"
    path.write_bytes(DATA)
    assert main(["info", str(path)]) == 0
    out = capsys.readouterr().out
    assert "kind: urlset" in out
    assert "entries: 1" in out
    assert f"uncompressed bytes: {len(DATA)}" in out
    assert "image: http://www.google.com/schemas/sitemap-image/1.1" in out
    assert "extensions: images 1, videos 0, news 0, alternates 0" in out


def test_info_json(tmp_path, capsys) -> None:
    path = tmp_path / "s.xml"
    path.write_bytes(DATA)
    assert main(["info", "--format", "json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert (report["kind"], report["entries"], report["extensions"]["images"]) == ("urlset", 1, 1)


def test_unreadable_file_is_located_on_stderr_with_exit_2(tmp_path, capsys) -> None:
    path = tmp_path / "bad.xml"
    path.write_bytes(b"<urlset>\n<url>\n</urlset>")
    assert main(["info", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:3:")
    assert "Traceback" not in err


def test_missing_file(tmp_path, capsys) -> None:
    assert main(["convert", str(tmp_path / "none.xml"), str(tmp_path / "o.xml")]) == 2
    assert "none.xml" in capsys.readouterr().err


def test_convert_same_format_is_byte_identical(tmp_path) -> None:
    source = tmp_path / "s.xml"
    source.write_bytes(DATA)
    assert main(["convert", str(source), str(tmp_path / "o.xml")]) == 0
    assert (tmp_path / "o.xml").read_bytes() == DATA


def test_convert_to_text_and_gzip(tmp_path) -> None:
    source = tmp_path / "s.xml"
    source.write_bytes(DATA)
    assert main(["convert", str(source), str(tmp_path / "o.txt")]) == 0
    assert (tmp_path / "o.txt").read_bytes() == b"https://example.com/a\n"
    assert main(["convert", str(source), str(tmp_path / "o.xml.gz")]) == 0
    import gzip

    assert gzip.decompress((tmp_path / "o.xml.gz").read_bytes()) == DATA


def test_max_entries_option(tmp_path, capsys) -> None:
    source = tmp_path / "s.xml"
    source.write_bytes(DATA)
    assert main(["info", "--max-entries", "1", str(source)]) == 0
    text = tmp_path / "two.txt"
    text.write_bytes(b"https://e.com/1\nhttps://e.com/2\n")
    assert main(["info", "--max-entries", "1", str(text)]) == 2
    assert "--max-entries" in capsys.readouterr().err


def test_console_script_runs_headless(tmp_path) -> None:
    source = tmp_path / "s.xml"
    source.write_bytes(DATA)
    result = subprocess.run([sys.executable, "-m", "sitemap_studio", "info", str(source)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0
    assert "entries: 1" in result.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_subcommand_runs_headless_from_the_entry_point(command: str) -> None:
    """``sitemap-studio COMMAND --help`` is the command line, never a window."""
    done = subprocess.run([sys.executable, "-m", "sitemap_studio", command, "--help"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: sitemap-studio {command}")
