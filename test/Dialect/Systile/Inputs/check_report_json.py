"""Prints systile-report-utilization's JSON report (a file, or - for
stdin) one line per matmul, one for the total and one for the layout cost
(systile-run --stats-json), after checking that
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
        shape = ""
        if "geometry" in m:  # the pass's report; systile-run's has none
            g = m["geometry"]
            shape = (f" m={m['m']} k={m['k']} n={m['n']} "
                     f"matrices={m['matrices']} {m['precision']} "
                     f"geometry {g['sublanes']}x{g['lanes']}/{g['mxu']}")
        print(f"matmul {i}: {m['op']} at {where}{name}{shape} {figures(m)}")
    print(f"total: {figures(doc['total'])}")
    if "layout" in doc:
        print("layout: " + " ".join(f"{k}={v}" for k, v in sorted(doc["layout"].items())))


if __name__ == "__main__":
    main()
