#!/usr/bin/env python3
"""Checks that docs/Spec.md names everything the build defines.

usage: spec_complete.py --spec docs/Spec.md --dialect-doc DIALECT.md
                        --opt-help HELP.txt

Names come from what the build generates, never from a hand-kept list:
  * the dialect reference mlir-tblgen writes (SystileDialect.md): every op
    (`### `systile.x``), attribute, type and enum (`### Name` under their
    `## Attributes` / `## Types` / `## Enums` headings) and every enum case;
  * `systile-opt --help`: every pass and pipeline whose flag names systile,
    with each of its options and option values.
Each must occur in the spec as a whole word (ops and flags as written, e.g.
`systile.mxu_matmul`, `systile-fold-zero-tiles`, `require-finite-lhs`).
Prints what is missing and exits 1, or prints one summary line.
"""
import argparse
import re
import sys


def dialect_names(text):
    """(kind, name) pairs of the generated dialect reference."""
    names, section = [], None
    for line in text.splitlines():
        heading = re.match(r"^## (\w+)", line)
        if heading:
            section = heading.group(1)
            continue
        op = re.match(r"^### `(systile\.\w+)`", line)
        if op:
            names.append(("op", op.group(1)))
            continue
        item = re.match(r"^### (\w+)\s*$", line)
        if item and section in ("Attributes", "Types", "Enums"):
            names.append((section[:-1].lower(), item.group(1)))
            continue
        # Enum cases: | Symbol | Value | String | rows; the string is spelled.
        case = re.match(r"^\| \w+ \| `\d+` \| (\w+) \|", line)
        if case and section == "Enums":
            names.append(("enum case", case.group(1)))
    return names


def pass_names(text):
    """(kind, name) pairs of systile's passes and pipelines in --help."""
    names, owner = [], None
    for line in text.splitlines():
        flag = re.match(r"^      --([\w-]+)\s", line)
        if flag:
            owner = flag.group(1) if "systile" in flag.group(1) else None
            if owner:
                names.append(("pass", owner))
            continue
        if owner is None:
            continue
        option = re.match(r"^        --([\w-]+)", line)
        if option:
            names.append((f"option of {owner}", option.group(1)))
            continue
        value = re.match(r"^    =([\w-]+)\s", line)
        if value:
            names.append((f"option value of {owner}", value.group(1)))
    return names


def mentioned(spec, name):
    return re.search(r"(?<![\w.-])" + re.escape(name) + r"(?![\w-])", spec)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", required=True)
    ap.add_argument("--dialect-doc", required=True)
    ap.add_argument("--opt-help", required=True)
    opts = ap.parse_args()
    spec = open(opts.spec).read()
    names = dialect_names(open(opts.dialect_doc).read())
    names += pass_names(open(opts.opt_help).read())
    # An extraction that finds nothing would pass silently: every kind must
    # be there.
    kinds = {kind.split(" of ")[0] for kind, _ in names}
    for kind in ("op", "attribute", "type", "enum", "enum case", "pass",
                 "option"):
        if kind not in kinds:
            sys.exit(f"spec-complete: found no {kind} in the generated docs "
                     "or --help; the extraction needs updating")
    missing = [(k, n) for k, n in names if not mentioned(spec, n)]
    for kind, name in missing:
        print(f"missing from {opts.spec}: {kind} '{name}'")
    if missing:
        sys.exit(1)
    print(f"spec-complete: {len(names)} names, all in the spec")


if __name__ == "__main__":
    main()
