"""Prints systile-report-utilization's JSON report (a file, or - for
stdin) one line per matmul and one for the total, after checking that
every matmul's padding is issued - logical and its utilization logical /
issued, and that the total is the matmuls' sum."""
import json
import sys


def figures(o):
    assert o["padding_macs"] == o["issued_macs"] - o["logical_macs"], o
    want = o["logical_macs"] / o["issued_macs"] if o["issued_macs"] else 0
    assert abs(o["utilization"] - want) <= 1e-15, o
    return (f"logical={o['logical_macs']} issued={o['issued_macs']} "
            f"padding={o['padding_macs']} loads={o['weight_loads']} "
            f"skipped={o['skipped_loads']} utilization={o['utilization']:.6g}")


def main():
    text = sys.stdin.read() if sys.argv[1] == "-" else open(sys.argv[1]).read()
    doc = json.loads(text)
    keys = ["logical_macs", "issued_macs", "padding_macs", "weight_loads",
            "skipped_loads"]
    for k in keys:
        assert doc["total"][k] == sum(m[k] for m in doc["matmuls"]), k
    for i, m in enumerate(doc["matmuls"]):
        loc = m["location"]
        where = f"{loc['file']}:{loc['line']}:{loc['column']}" if loc else "?"
        name = f" name {m['name']}" if "name" in m else ""
        g = m["geometry"]
        print(f"matmul {i}: {m['op']} at {where}{name} m={m['m']} k={m['k']} "
              f"n={m['n']} matrices={m['matrices']} {m['precision']} "
              f"geometry {g['sublanes']}x{g['lanes']}/{g['mxu']} {figures(m)}")
    print(f"total: {figures(doc['total'])}")


if __name__ == "__main__":
    main()
