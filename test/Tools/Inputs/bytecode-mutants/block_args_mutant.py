"""Writes the bytecode mutant whose block-argument count is 2^29.

usage: block_args_mutant.py IN.mlirbc OUT.mlirbc

IN is `systile-opt seven-args.mlir --emit-bytecode`: one function whose
entry block has seven arguments and one operation. Its block header is the
varint (1 << 1 | 1) (one operation, has arguments), 0x07, followed by the
varint 7, 0x0f, the argument count. The count is overwritten in place with
the 9-byte varint form (0x00, then 64 bits little-endian) of 2^29, so the
file keeps its size and section lengths: MLIR's reader then reserves room
for 2^29 argument types (4.3 GB) before it finds the file too short.
"""
import struct
import sys

data = bytearray(open(sys.argv[1], "rb").read())
header = data.find(b"\x07\x0f", 100)  # past the header and string section
if header < 0 or header + 10 > len(data):
    sys.exit("block_args_mutant.py: no 7-argument block header found")
count = header + 1
data[count:count + 9] = b"\x00" + struct.pack("<Q", 1 << 29)
open(sys.argv[2], "wb").write(data)
